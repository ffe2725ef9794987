// Types of stall-guard.mjs for vitest.workers.config.ts.
import type { Reporter } from "vitest/reporters";

export declare class StallGuard implements Reporter {
  constructor(options: {
    outputFile: string;
    graceSeconds?: number;
    exit?: (code: number) => void;
    log?: (line: string) => void;
    openResources?: () => string[];
  });
}
