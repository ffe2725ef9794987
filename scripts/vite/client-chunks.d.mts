import type { Plugin } from "vite";

interface Chunk {
  fileName: string;
  imports?: string[];
  dynamicImports?: string[];
  moduleIds?: string[];
  facadeModuleId?: string | null;
}

/** Each lazily loaded module of the app with its chunk and what that chunk imports, as URLs (decision 0127). */
export function lazyChunkMap(chunks: Chunk[], root: string, base?: string): Record<string, string[]>;
/** In the server build, each module the client loads lazily exports its chunks as `__clientChunks` (decision 0127). */
export function clientChunks(): Plugin;
