import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { router } from './app/router';
import { whenRouterReady } from './app/routerReady';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">.');

const start = () =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );

// A first screen drawn at build time (decision 022) stays until the page's code can draw the same
// over it; rendering earlier would replace it with the loading spinner for a moment. Not a
// top-level await: that would make the bundler split the entry into many small chunks.
if (container.hasChildNodes()) void whenRouterReady(router).then(start);
else start();
