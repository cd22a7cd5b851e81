// One table that is a table from 768 px up and a list of cards below it (the spec's mobile
// breakpoint), used by every admin list (DataTable, the ordered lists). It stays one <table> in
// the DOM at every width, so screen readers keep its rows and column headers, each control
// exists once (no hidden copy posting the same form), and tests find rows by role; only the CSS
// changes. On a card each cell says what it is with its column's header (hidden from screen
// readers, which already hear the header), the cell naming the row comes first across the card,
// and the row's actions sit across its foot, so nothing is wider than a 360 px phone.

/** Where a column's cell goes on a phone's card. */
export type CardPlace =
  /** Across the top, without a label: the cell that names the row. */
  | "title"
  /** Across the foot, without a label: the row's actions. */
  | "actions"
  /** In the card's top-right corner, without a label (a selection checkbox). */
  | "corner"
  /** Across the card, with its label (wide content: a list of changes). */
  | "wide"
  /** One of two columns of labelled facts (the default). */
  | "field"
  /** Not on the card (repeats what the card already shows). */
  | "hidden";

/** The frame around the table: scrolls nothing at any width, a plain stack of cards on phones. */
export const tableFrameClass =
  "overflow-x-auto rounded-lg focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 max-md:overflow-visible border border-slate-200 bg-white shadow-sm max-md:border-0 max-md:bg-transparent max-md:shadow-none";

export const tableClass = "w-full text-left text-sm max-md:block";

export const theadClass =
  "border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-600 max-md:sr-only";

// The lines between rows on wide screens only: a utility, it would win over the cards' borders.
export const tbodyClass = "md:divide-y md:divide-slate-100 max-md:block max-md:space-y-3";

/** A row: a card on a phone (`.card-row` in app/app.css). */
export const rowClass = "card-row";

/**
 * The classes a cell takes on a phone's card, by where it goes (`.card-cell*` in app/app.css:
 * one short name each instead of a dozen utilities repeated in every cell of every row, which
 * made half of an admin list's HTML). They are component classes, so a utility on the cell wins
 * over them: give a cell its padding for wide screens only (`md:px-3`), as the lists do.
 */
export function cardCellClass(place: CardPlace = "field") {
  return place === "field" ? "card-cell" : `card-cell card-cell-${place}`;
}

/** The column's header above a fact on a card; screen readers hear the real column header. */
export function CardLabel({ place = "field", children }: { place?: CardPlace; children: string }) {
  if (place !== "field" && place !== "wide") return null;
  return (
    <span aria-hidden className="card-label">
      {children}
    </span>
  );
}

/** The empty list's one cell. */
export const emptyCellClass =
  "px-4 py-10 text-center text-slate-600 max-md:block max-md:rounded-lg max-md:border max-md:border-slate-200 max-md:bg-white";
