import { data, redirect } from "react-router";
import { NotFoundMessage } from "~/components/not-found-message";
import { getEnv } from "~/env.server";
import {
  LEAD_CLICKS,
  type LeadClick,
  listingPhones,
  listingWhatsappTarget,
  telHref,
} from "~/lib/listing-contact";
import { absoluteUrl, notFoundMeta } from "~/lib/seo";
import { countLeadClick } from "~/models/lead.server";
import { getListingAgent } from "~/models/listing-agent.server";
import { getPropertyWithMedia } from "~/models/property.server";
import { getContactDetails } from "~/models/site-content.server";
import { getClientIp } from "~/rate-limit/rate-limit.server";
import type { Route } from "./+types/go";

// /go/:propertyId/whatsapp and /go/:propertyId/phone[?line=N] (issue 21 item 4): the property
// page's WhatsApp and phone links. Each click is a lead of the listing (once per address and day, a
// few browsers at most behind one shared address, bots left out, like views: count-once.server.ts), then a 302 to the chat (wa.me, naming the listing, its reference code and its address)
// or to the number (tel:). The same link for every visitor: nothing personal is in it. An unknown
// or unpublished listing, or a listing with no such contact, is the 404 page.

const NO_STORE = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

function isLeadClick(value: string): value is LeadClick {
  return (LEAD_CLICKS as readonly string[]).includes(value);
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { propertyId, click } = params;
  if (!isLeadClick(click)) throw data(null, { status: 404, headers: NO_STORE });
  const [property, contact] = await Promise.all([
    getPropertyWithMedia(propertyId),
    getContactDetails(),
  ]);
  if (!property) throw data(null, { status: 404, headers: NO_STORE });
  const agent = (await getListingAgent(property.agentId)) ?? null;
  let target: string | undefined;
  if (click === "whatsapp") {
    const url = absoluteUrl(getEnv().siteUrl, `/property/${property.id}`);
    const listing = { title: property.title, code: property.referenceCode, url };
    target = listingWhatsappTarget(listing, agent, contact);
  } else {
    const line = Number(new URL(request.url).searchParams.get("line") ?? "0");
    const phone = Number.isInteger(line) ? listingPhones(agent, contact)[line] : undefined;
    target = phone ? telHref(phone) : undefined;
  }
  if (!target) throw data(null, { status: 404, headers: NO_STORE });
  await countLeadClick({
    propertyId: property.id,
    click,
    clientAddress: getClientIp({ request, context }),
    userAgent: request.headers.get("user-agent"),
  });
  return redirect(target, { status: 302, headers: NO_STORE });
}

export function headers() {
  return NO_STORE;
}

/** Never rendered: the loader redirects or answers 404 (the boundary below). */
export default function Go() {
  return <NotFoundMessage />;
}

export function ErrorBoundary() {
  return <NotFoundMessage />;
}

export const meta: Route.MetaFunction = notFoundMeta;
