import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { db, setDatabase } from "~/db/client.server";
import { contactInfo, teamMembers } from "~/db/schema";
import { DEFAULT_CONTACT } from "~/lib/site";
import { expectThrownStatus } from "../../../tests/setup/route-calls";
import { setupTestDatabase } from "../../../tests/setup/test-database";
import TeamPage, { ErrorBoundary, loader } from "./team";

const database = await setupTestDatabase();

function load() {
  return loader();
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

// The data the stubbed route renders (createRoutesStub's loaders run after a server render).
let shown: LoaderData | undefined;

function TeamWithData() {
  // biome-ignore lint/suspicious/noExplicitAny: the page reads only loaderData.
  return <TeamPage {...({ loaderData: shown } as any)} />;
}

function TeamError() {
  // biome-ignore lint/suspicious/noExplicitAny: the boundary ignores its props.
  return <ErrorBoundary {...({} as any)} />;
}

function render(data: LoaderData) {
  shown = data;
  const Stub = createRoutesStub([{ path: "/team", Component: TeamWithData }]);
  return renderToString(<Stub initialEntries={["/team"]} />);
}

describe("team page", () => {
  it("shows an empty state, the join block and the default contact details when nobody is listed", async () => {
    const data = await load();
    expect(data.members).toEqual([]);
    expect(data.email).toBe(DEFAULT_CONTACT.email);
    expect(data.phones).toEqual(DEFAULT_CONTACT.phones);
    const html = render(data);
    expect(html).toContain("Our team will be introduced soon");
    expect(html).toContain("Join Our Growing Team");
    expect(html).toContain('href="/contact?subject=Careers"');
    expect(html).toContain(`href="mailto:${DEFAULT_CONTACT.email}?subject=Resume"`);
    expect(html).toContain("Why Work With Us?");
    expect(html).toContain('href="tel:+2348031234567"');
  });

  it("lists only active members, in sort order, with their photo or the placeholder", async () => {
    await db.insert(teamMembers).values([
      { name: "Second", position: "Agent", sortOrder: 2, imageUrl: "/media/p2.webp" },
      { name: "Retired", position: "Agent", sortOrder: 0, isActive: false },
      {
        name: "First",
        position: "Managing Director",
        bio: "Founded the company.",
        email: "first@naijahomes.ng",
        phone: "+234 803 000 1111",
        sortOrder: 1,
      },
    ]);
    await db.insert(contactInfo).values([
      { section: "contact", key: "email", type: "email", value: "careers@naijahomes.ng" },
      { section: "contact", key: "phone", type: "phone", value: "+234 701 222 3333" },
    ]);

    const data = await load();
    expect(data.members.map((m) => m.name)).toEqual(["First", "Second"]);
    expect(data.members[0]).toEqual({
      id: expect.any(String),
      name: "First",
      position: "Managing Director",
      bio: "Founded the company.",
      imageUrl: null,
      email: "first@naijahomes.ng",
      phone: "+234 803 000 1111",
      // Not linked to an agent's account: no profile link (issue 45).
      agentSlug: null,
    });

    const html = render(data);
    expect(html.indexOf("First")).toBeLessThan(html.indexOf("Second"));
    expect(html).not.toContain("Retired");
    expect(html).toContain('src="/images/placeholder-person.svg"');
    expect(html).toContain("/media/p2.webp?w=");
    expect(html).toContain('href="mailto:first@naijahomes.ng"');
    expect(html).toContain('href="tel:+2348030001111"');
    expect(html).toContain('href="mailto:careers@naijahomes.ng?subject=Resume"');
    expect(html).toContain("+234 701 222 3333");
  });

  it("answers 500 with the spec's message when the team cannot be loaded", async () => {
    setDatabase(undefined);
    try {
      await expectThrownStatus(load(), 500);
    } finally {
      setDatabase(database);
    }
    // What the visitor then sees: the route's error boundary.
    const Stub = createRoutesStub([{ path: "/team", Component: TeamError }]);
    const html = renderToString(<Stub initialEntries={["/team"]} />);
    expect(html).toContain("Error: Failed to load team members");
    expect(html).toContain('href="/team"');
  });
});
