import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// `npm run dev` serves the web app with hot reload and forwards API calls to the server process.
const apiPort = process.env.API_PORT ?? '3001';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': { target: `http://localhost:${apiPort}` },
      // The local payment provider's checkout, authentication and portal pages (decision 017).
      '/local-pay': { target: `http://localhost:${apiPort}` },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
});
