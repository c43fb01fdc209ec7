// @types/react-dom is not installed; this is the one function the subtitle tests use.
declare module 'react-dom/server' {
  import type { ReactElement } from 'react';
  export function renderToStaticMarkup(element: ReactElement): string;
}
