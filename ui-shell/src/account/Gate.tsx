// The gate around a route that may need a signed-in visitor (docs/features/locations-forms-marketing.md §2 "Gated
// routes"; §6). A lazy chunk: only gated routes load it (and the session code behind it).
import { type ReactNode, useEffect } from "react";
import { previousPath } from "../app/previous";
import { useLocation, useNavigate, useParams, useSearchParams } from "../app/router";
import { useSite } from "../app/site";
import { Skeleton } from "../design/Skeleton";
import type { RouteDef } from "../routes/table";
import { checkoutSlug, gateDecision, isGated, signInHref, signInType } from "./gate";
import { useSession } from "./session";

/** Props of {@link Gate}: the route and the page it guards. */
export interface GateProps {
  route: RouteDef;
  children: ReactNode;
}

/**
 * Shows the page when the route is not gated on this site or the visitor is signed in; while the
 * session (or a checkout's car slug) is unknown, a placeholder; a signed-out visitor is sent
 * (history replaced) to `/sign-in?type={type}&redirect={this path + query}&back={previous path}`.
 * Takes {@link GateProps}; renders the page or the placeholder.
 */
export default function Gate({ route, children }: GateProps) {
  const { tenant } = useSite();
  const params = useParams();
  const [query] = useSearchParams();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const session = useSession(isGated(route, tenant));
  const decision = gateDecision(route, tenant, session.status, checkoutSlug(route.id, params, query));
  useEffect(() => {
    if (decision !== "sign-in") return;
    const here = `${pathname}${search}`;
    const back = previousPath();
    navigate(signInHref(signInType(route.id), here, back && back !== here ? back : "/"), { replace: true });
  }, [decision, navigate, pathname, search, route.id]);
  if (decision === "show") return <>{children}</>;
  return (
    <div className="fc-container fc-page" role="status" aria-busy="true" aria-label="Checking sign-in" data-gate={decision}>
      <Skeleton height={240} />
    </div>
  );
}
