import { Form } from "react-router";
import type { SessionUser } from "~/auth/session.server";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";

/** Who is signed in, with a sign-out button: the landing page until the real screens exist. */
export function SignedInCard({
  title,
  user,
}: {
  title: string;
  user: Pick<SessionUser, "name" | "email" | "role" | "isSuperAdmin">;
}) {
  const role =
    user.role === "admin"
      ? user.isSuperAdmin
        ? "Super Admin"
        : "Admin"
      : user.role === "agent"
        ? "Agent"
        : "Customer";
  return (
    <section className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
      <Card padding="lg" className="mt-6">
        <p className="text-lg font-semibold text-slate-900">Welcome, {user.name}</p>
        <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-[8rem_1fr]">
          <dt className="text-slate-500">Name</dt>
          <dd>{user.name}</dd>
          <dt className="text-slate-500">Email</dt>
          <dd>{user.email}</dd>
          <dt className="text-slate-500">Role</dt>
          <dd>{role}</dd>
        </dl>
        <Form method="post" action="/signout" className="mt-6">
          <Button type="submit" variant="outline" size="md" className="text-sm">
            Sign Out
          </Button>
        </Form>
      </Card>
    </section>
  );
}
