import routes from "../../app/routes";

interface Entry {
  path?: string;
  index?: boolean;
  file: string;
  children?: Entry[];
}

/** Every page of the route table: its URL pattern (`/product/:id`) and its module file. */
export function routeEntries(): { pattern: string; file: string }[] {
  const out: { pattern: string; file: string }[] = [];
  const walk = (entries: Entry[], base: string) => {
    for (const entry of entries) {
      const joined = entry.path ? `${base}/${entry.path}`.replace(/\/+/g, "/") : base;
      if (entry.children?.length) walk(entry.children, joined);
      else out.push({ pattern: joined || "/", file: entry.file });
    }
  };
  walk(routes as Entry[], "");
  return out;
}

/** Every concrete URL of the route table, with sample values for its parameters. */
export function routePaths(): { path: string; file: string }[] {
  return routeEntries().map(({ pattern, file }) => ({
    path: pattern.replace(/:[A-Za-z]+/g, "sample-id").replace(/\*$/, "no-such-page"),
    file,
  }));
}
