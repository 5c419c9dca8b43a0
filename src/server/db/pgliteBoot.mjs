// Entry of the PGlite worker thread when the server runs from TypeScript sources: a worker does
// not inherit the parent's loader, so it loads its module through tsx.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pgliteWorker.ts', import.meta.url);
