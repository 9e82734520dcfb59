import { useDocumentTitle } from "../app/site";
import type { RouteDef } from "../routes/table";

/**
 * The page of a route not built yet: its title, what it will be and the spec section.
 * Takes the route definition; renders a short page (filled in by later issues).
 */
export function PlaceholderPage({ route }: { route: RouteDef }) {
  useDocumentTitle(route.title);
  return (
    <section className="fc-container fc-page" data-page="placeholder" data-route={route.id}>
      <h1>{route.title}</h1>
      <p className="fc-muted">This page is coming soon.</p>
      {route.gate && route.gate !== "public" ? (
        <p className="fc-muted">
          {route.gate === "always" ? "Sign-in will be required." : "Sign-in may be required on this site."}
        </p>
      ) : null}
    </section>
  );
}
