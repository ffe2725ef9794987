import { Outlet } from "react-router";
import type { Route } from "./+types/account";
import { areaGuard } from "../../services/guards.server";

export const middleware: Route.MiddlewareFunction[] = [areaGuard("account")];

export default function AccountArea() {
  return <Outlet />;
}
