import { lazy, Suspense } from 'react';

const BackedFigures = lazy(() =>
  import('./backed-figures').then((module) => ({ default: module.BackedFigures })),
);

/**
 * BackedFigures in a chunk of its own, for pages where it sits below the fold (/quiz-results,
 * /checkout): the page's first load does not wait for its code. The build's drawing still has the
 * section whole (react-dom/static waits for it), and hydration takes it over once its code is in,
 * so nothing moves.
 */
export function BackedFiguresLater() {
  return (
    <Suspense fallback={null}>
      <BackedFigures />
    </Suspense>
  );
}
