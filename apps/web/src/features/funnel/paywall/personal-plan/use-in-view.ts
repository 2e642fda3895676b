import { type RefObject, useEffect, useState } from 'react';

/**
 * Whether any part of the element is on screen. Without IntersectionObserver (very old browsers)
 * it says no, so whatever depends on it errs on the side of showing the way there.
 */
export function useInView(ref: RefObject<Element | null>): boolean {
  const [inView, setInView] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      const entry = entries[entries.length - 1];
      if (entry) setInView(entry.isIntersecting);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return inView;
}
