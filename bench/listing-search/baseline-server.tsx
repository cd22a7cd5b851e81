// (d) The HTTP baseline: a bare node:http server that answers each /properties?... request the
// way the spec's original listing worked (read every property row, filter, sort and page in
// JavaScript) and renders the same cards with the same PropertyCard. It skips the layout, the
// filter panel and React Router, so it is a generous lower bound for the read-all approach.

import http from "node:http";
import type { AddressInfo } from "node:net";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { PropertyCard } from "~/components/property-card";
import { parseListingFilters } from "~/lib/listing-filters";
import { filterSortPage, readAllRows } from "./read-all";

export async function startBaselineServer(pageSize: number) {
  const server = http.createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? "/", "http://127.0.0.1");
      const filters = parseListingFilters(url.searchParams);
      const rows = await readAllRows();
      const result = filterSortPage(rows, filters, pageSize);
      const from = (result.page - 1) * pageSize + 1;
      const cards = renderToString(
        <MemoryRouter>
          <ul>
            {result.items.map((property, index) => (
              <li key={property.id}>
                <PropertyCard property={property} imageLoading={index < 3 ? "eager" : "lazy"} />
              </li>
            ))}
          </ul>
        </MemoryRouter>,
      );
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
      res.end(
        `<!doctype html><html><body><p>Showing ${from}-${from + result.items.length - 1} of ${result.total} results</p>${cards}</body></html>`,
      );
    } catch (error) {
      res.writeHead(500);
      res.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
