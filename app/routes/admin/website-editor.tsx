import { adminMiddleware, requireAdmin } from "~/auth/session.server";
import { SignedInCard } from "~/components/auth/signed-in-card";
import { COMPANY_NAME } from "~/lib/site";
import type { Route } from "./+types/website-editor";

// The content editor (spec: dashboard-and-admin §2) is admins only, like /admin/*; checked
// before the loader runs and again in it. Until the editor screen is built it shows who is
// signed in, as the other guarded landing pages do.
export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAdmin(args);
  return {
    admin: {
      name: admin.name,
      email: admin.email,
      role: "admin" as const,
      isSuperAdmin: admin.isSuperAdmin,
    },
  };
}

export default function WebsiteEditorPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12">
      <SignedInCard title="Website Editor" user={loaderData.admin} />
    </div>
  );
}

export const meta: Route.MetaFunction = () => [{ title: `Website Editor | ${COMPANY_NAME}` }];
