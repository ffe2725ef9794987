import { isRouteErrorResponse, Outlet, useLocation } from "react-router";
import type { Route } from "./+types/shell";
import { dashboardTitle, tabsFor } from "../../domain/admin-tabs";
import { requireStaff } from "../../services/guards.server";
import { PageHeading } from "../../components/page-heading";
import { TabNav } from "../../components/kit/tab-nav";
import { AccessDenied } from "../../components/admin";

// The admin dashboard's frame: the heading and the tab strip of the tabs this user may see
// (app/domain/admin-tabs.ts). Each tab is a nested route with its own loader, action and guard.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = requireStaff(context, request);
  return { title: dashboardTitle(user), tabs: tabsFor(user).map(({ id, label, href }) => ({ id, label, href })) };
}

function Frame({
  title,
  tabs,
  children,
}: {
  title: string;
  tabs: { id: string; label: string; href: string }[];
  children: React.ReactNode;
}) {
  const { pathname } = useLocation();
  const current = tabs.find((t) => pathname === t.href || pathname.startsWith(`${t.href}/`))?.id ?? "";
  return (
    <>
      <PageHeading title={title} />
      <TabNav tabs={tabs} current={current} label="Admin sections" />
      {children}
    </>
  );
}

export default function AdminShell({ loaderData }: Route.ComponentProps) {
  return (
    <Frame title={loaderData.title} tabs={loaderData.tabs}>
      <Outlet />
    </Frame>
  );
}

export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  if (!(isRouteErrorResponse(error) && error.status === 403)) throw error;
  // A tab this sub-role may not see: refused inside the frame, so the tabs they may see stay at hand.
  if (!loaderData) return <AccessDenied message={String(error.data)} />;
  return (
    <Frame title={loaderData.title} tabs={loaderData.tabs}>
      <AccessDenied message={String(error.data)} />
    </Frame>
  );
}
