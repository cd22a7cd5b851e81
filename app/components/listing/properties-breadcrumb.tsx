import { Link } from "react-router";

/** Home / Properties / <current>: the trail above a property's page and the comparison. */
export function PropertiesBreadcrumb({ current }: { current: string }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-4 text-sm text-slate-500">
      <Link to="/" className="hover:text-brand-700">
        Home
      </Link>{" "}
      /{" "}
      <Link to="/properties" className="hover:text-brand-700">
        Properties
      </Link>{" "}
      / <span className="text-slate-700">{current}</span>
    </nav>
  );
}
