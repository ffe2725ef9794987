import { data, Outlet } from "react-router";
import type { Route } from "./+types/dev";
import { appContext } from "../../context";
import { isLoopbackAddress } from "../../domain/client-address";
import { clientIp } from "../../services/rate-limit.server";

// Development-only pages (the local outbox shows live sign-in and reset links): they answer
// only when the Worker runs in development and the request comes from this machine; anywhere
// else they do not exist (docs/decisions/0018-dev-surfaces-cannot-ship.md). Every route placed
// under this layout in app/routes.ts gets the same guard.
export const middleware: Route.MiddlewareFunction[] = [
  ({ request, context }) => {
    if (!context.get(appContext).config.isDev || !isLoopbackAddress(clientIp(request)))
      throw data("Not found", { status: 404 });
  },
];

export default function DevArea() {
  return <Outlet />;
}
