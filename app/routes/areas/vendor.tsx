import { Outlet } from "react-router";
import type { Route } from "./+types/vendor";
import { areaGuard } from "../../services/guards.server";

export const middleware: Route.MiddlewareFunction[] = [areaGuard("vendor")];

export default function VendorArea() {
  return <Outlet />;
}
