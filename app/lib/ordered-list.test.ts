import { describe, expect, it } from "vitest";
import { canMove, movedOrder, parseMoveTarget, storedFormValues } from "./ordered-list";

const ORDER = ["a", "b", "c", "d"];

describe("movedOrder", () => {
  it("swaps an item with its neighbour when it moves up or down", () => {
    expect(movedOrder(ORDER, "c", "up")).toEqual(["a", "c", "b", "d"]);
    expect(movedOrder(ORDER, "b", "down")).toEqual(["a", "c", "b", "d"]);
  });

  it("leaves the first going up and the last going down where they are", () => {
    expect(movedOrder(ORDER, "a", "up")).toEqual(ORDER);
    expect(movedOrder(ORDER, "d", "down")).toEqual(ORDER);
  });

  it("drops an item at a position, shifting the ones between", () => {
    expect(movedOrder(ORDER, "d", 0)).toEqual(["d", "a", "b", "c"]);
    expect(movedOrder(ORDER, "a", 2)).toEqual(["b", "c", "a", "d"]);
    expect(movedOrder(ORDER, "b", 1)).toEqual(ORDER);
    // A position past the end is the end.
    expect(movedOrder(ORDER, "a", 99)).toEqual(["b", "c", "d", "a"]);
  });

  it("answers undefined for an id that is not in the list", () => {
    expect(movedOrder(ORDER, "z", "up")).toBeUndefined();
    expect(movedOrder([], "a", 0)).toBeUndefined();
  });

  it("never changes the list it was given", () => {
    const order = [...ORDER];
    movedOrder(order, "a", 3);
    expect(order).toEqual(ORDER);
  });
});

describe("parseMoveTarget", () => {
  it("reads a direction or a position, nothing else", () => {
    expect(parseMoveTarget("up")).toBe("up");
    expect(parseMoveTarget("down")).toBe("down");
    expect(parseMoveTarget("3")).toBe(3);
    expect(parseMoveTarget("0")).toBe(0);
    for (const bad of ["-1", "1.5", "left", "", "1e3", null, undefined, "9999999"]) {
      expect(parseMoveTarget(bad), String(bad)).toBeUndefined();
    }
  });
});

describe("canMove", () => {
  it("disables up for the first and down for the last", () => {
    expect(canMove(0, 3)).toEqual({ up: false, down: true });
    expect(canMove(1, 3)).toEqual({ up: true, down: true });
    expect(canMove(2, 3)).toEqual({ up: true, down: false });
    expect(canMove(0, 1)).toEqual({ up: false, down: false });
  });
});

describe("storedFormValues", () => {
  it("answers the form's fields as posted: a set switch 'on', an empty optional value ''", () => {
    const item = {
      id: "x",
      title: null,
      videoUrl: "https://player.vimeo.com/video/1",
      isActive: true,
    };
    expect(storedFormValues(item, ["title", "videoUrl", "isActive"])).toEqual({
      title: "",
      videoUrl: "https://player.vimeo.com/video/1",
      isActive: "on",
    });
    expect(storedFormValues({ isActive: false }, ["isActive", "missing"])).toEqual({
      isActive: "",
      missing: "",
    });
  });
});
