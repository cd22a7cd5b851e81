import { Link } from "react-router";
import { Card } from "~/components/ui/card";
import { formatDay } from "~/lib/dates";
import { type TitleCopyStatus, titleCopyStatusLabel } from "~/lib/title-check";

// The buyer's requests for copies of a title (issue 46) on their dashboard: each listing, when
// they asked, where it stands and the office's note.

export type MyTitleRequest = {
  id: string;
  status: TitleCopyStatus;
  note: string | null;
  createdAt: Date | string;
  propertyId: string;
  propertyTitle: string;
  referenceCode: string;
};

export function MyTitleRequests({ items }: { items: readonly MyTitleRequest[] }) {
  if (items.length === 0) return null;
  return (
    <Card as="section" aria-labelledby="title-requests-heading">
      <h2 id="title-requests-heading" className="text-lg font-semibold text-slate-900">
        Title document requests
      </h2>
      <ul className="mt-3 divide-y divide-slate-200 text-sm">
        {items.map((item) => (
          <li key={item.id} className="py-2">
            <Link
              to={`/property/${item.propertyId}`}
              className="font-medium text-brand-700 hover:underline"
            >
              {item.propertyTitle}
            </Link>{" "}
            <span className="text-slate-500">
              ({item.referenceCode}, asked {formatDay(item.createdAt)})
            </span>
            <p data-status={item.status}>
              {titleCopyStatusLabel(item.status)}
              {item.note ? <span className="text-slate-600">: {item.note}</span> : null}
            </p>
          </li>
        ))}
      </ul>
    </Card>
  );
}
