// Entry of the logo worker thread when the server runs from TypeScript sources: a worker does not
// inherit the parent's loader, so it loads its module through tsx.
import { tsImport } from 'tsx/esm/api';

await tsImport('./logoWorker.ts', import.meta.url);
