import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import AboutPage, { meta } from "./about";

function render() {
  const Stub = createRoutesStub([{ path: "/about", Component: AboutPage }]);
  return renderToString(<Stub initialEntries={["/about"]} />);
}

/** The visible text, tags removed, so "10+" and "Years Experience" can be matched together. */
function text(html: string) {
  return html
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .replace(/&#x27;/g, "'");
}

describe("about page", () => {
  it("shows every block the spec lists", () => {
    const html = render();
    const page = text(html);
    expect(page).toContain("About NaijaHomes Realty");
    expect(page).toContain("About Us");
    // Each figure is the <dd> of its label (shown above it).
    for (const [value, label] of [
      ["10", "Years Experience"],
      ["150", "Projects Completed"],
      ["500", "Happy Clients"],
      ["20", "Team Members"],
    ] as const) {
      expect(html).toMatch(new RegExp(`<dt[^>]*>${label}</dt><dd[^>]*>${value}\\+</dd>`));
    }
    for (const heading of ["Our Vision", "Our Mission", "Core Values", "What We Do"]) {
      expect(page).toContain(heading);
    }
    for (const value of ["Ethics", "Growth Mindset", "First-Class Service", "Efficiency"]) {
      expect(page).toContain(value);
    }
    for (const service of ["Real Estate", "Infrastructure Development", "Project Management"]) {
      expect(page).toContain(service);
    }
  });

  it("links to contact, the services and the listing", () => {
    const html = render();
    expect(html).toMatch(/<a[^>]*href="\/contact"[^>]*>Get In Touch/);
    expect(html.match(/href="\/services\/[a-z-]+"[^>]*>Learn More/g)).toHaveLength(3);
    expect(html).toMatch(/<a[^>]*href="\/properties"[^>]*>.*?Browse Properties/);
    // The hero picture is one the media route can draw.
    expect(html).toContain("/media/generated/hero/2.webp?w=");
  });

  it("has its own title, description and canonical URL", () => {
    const tags = meta({
      matches: [{ id: "root", data: { siteUrl: "https://naijahomes.example" } }],
    } as never);
    expect(tags).toContainEqual({ title: "About Us | NaijaHomes Realty" });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://naijahomes.example/about",
    });
  });
});
