declare namespace Cloudflare {
  interface GlobalProps {
    mainModule: typeof import("../../workers/app");
  }
  interface Env {
    TEST_MIGRATIONS: import("cloudflare:test").D1Migration[];
  }
}
