/**
 * What the browser entry takes from React. This module is built into React's own chunk
 * (`REACT_CHUNK`, vite.config.ts), so that chunk initialises React and React DOM when it is
 * evaluated, in a task of its own before the entry's (decision 025). Imported from the
 * packages directly, they would be initialised by the entry's modules, in the entry's task.
 */
export { StrictMode, startTransition } from 'react'
export { hydrateRoot } from 'react-dom/client'
