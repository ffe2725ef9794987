import { Outlet } from "react-router";
import type { Route } from "./+types/admin";
import { areaGuard } from "../../services/guards.server";

export const middleware: Route.MiddlewareFunction[] = [areaGuard("admin")];

export default function AdminArea() {
  return <Outlet />;
}
