import { afterEach, describe, expect, it, vi } from "vitest";
import {
  answeredUserId,
  dropOtherViewers,
  forgetViewer,
  loadViewer,
  type MeAnswer,
} from "./viewer-store";

function meAnswers(answer: MeAnswer) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(answer), { status: 200 })),
  );
}

const ADA = { id: "user-ada", name: "Ada", isAdmin: false };
const BOLA = { id: "user-bola", name: "Bola", isAdmin: false };

afterEach(() => {
  vi.unstubAllGlobals();
  forgetViewer();
});

describe("dropOtherViewers", () => {
  it("drops /api/me's answer about someone else than the page was rendered for", async () => {
    meAnswers({ user: ADA, favorites: ["p1"] });
    await loadViewer();
    expect(answeredUserId()).toBe("user-ada");

    // Ada signed out in another tab; this page was rendered for nobody.
    const stop = dropOtherViewers(null);
    expect(answeredUserId()).toBeUndefined();
    stop();
  });

  it("keeps the answer about the page's own visitor", async () => {
    meAnswers({ user: ADA, favorites: ["p1"] });
    await loadViewer();
    const stop = dropOtherViewers(ADA);
    expect(answeredUserId()).toBe("user-ada");
    stop();
  });

  it("drops a later answer about someone else while the page shows, and stops when told", async () => {
    const stop = dropOtherViewers(ADA);
    meAnswers({ user: BOLA, favorites: [] });
    await loadViewer();
    expect(answeredUserId()).toBeUndefined();

    stop();
    await loadViewer();
    expect(answeredUserId()).toBe("user-bola");
  });

  it("drops a signed-out answer on a page rendered for a member", async () => {
    const stop = dropOtherViewers(ADA);
    meAnswers({ user: null, favorites: [] });
    await loadViewer();
    expect(answeredUserId()).toBeUndefined();
    stop();
  });
});
