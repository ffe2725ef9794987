import type { Plugin } from "vite";

/** A build plugin that replaces texts found exactly once in a library's file (decisions 0110, 0111). */
export function libraryPatch(options: {
  name: string;
  library: string;
  decision: string;
  file: RegExp;
  replacements: [string, string][];
  environments?: string[];
}): Plugin;
