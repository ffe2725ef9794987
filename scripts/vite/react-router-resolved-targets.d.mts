import type { Plugin } from "vite";

export const TARGETS_KEPT: number;
/** React Router's useResolvedPath (and useFormAction), their answers kept (decision 0111). */
export function reactRouterResolvedTargets(): Plugin[];
