import { Outlet } from "react-router";
import type { Route } from "./+types/store";
import { areaGuard } from "../../services/guards.server";

export const middleware: Route.MiddlewareFunction[] = [areaGuard("store")];

export default function StoreArea() {
  return <Outlet />;
}
