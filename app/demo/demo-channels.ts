import type { ChannelKind } from "~/lib/schemas/trust";
import { readCheckedValue } from "~/lib/verify-value";

// The demo's official channels and one known impostor (issue 45), so /verify and
// /admin/channels show something on a new installation. The numbers match the demo contact
// details and the demo agent Babatunde Adeyemi's phone.

type Channel = {
  kind: ChannelKind;
  value: string;
  label?: string;
  bankName?: string;
  accountName?: string;
  usedFor: string;
};

type Row = Channel & { valueKind: "phone" | "email" | "account"; normalized: string };

const CHANNELS: Channel[] = [
  {
    kind: "phone",
    value: "+234 803 123 4567",
    label: "NaijaHomes office line",
    usedFor: "Enquiries, viewings and appointments, Monday to Saturday",
  },
  {
    kind: "whatsapp",
    value: "+234 809 876 5432",
    label: "NaijaHomes sales WhatsApp line",
    usedFor: "Questions about listings and booking viewings",
  },
  {
    kind: "whatsapp",
    value: "+234 802 555 1834",
    label: "WhatsApp line of our agent Babatunde Adeyemi",
    usedFor: "Viewings of the listings he handles",
  },
  {
    kind: "email",
    value: "info@naijahomes.ng",
    label: "NaijaHomes office e-mail address",
    usedFor: "Enquiries and documents",
  },
  {
    kind: "bank_account",
    value: "1023456789",
    bankName: "Zenith Bank",
    accountName: "NaijaHomes Realty Ltd",
    usedFor: "Rent, deposits and fees, only after signing, always with a receipt",
  },
  {
    kind: "impostor",
    value: "0816 000 4321",
    usedFor: "Sent our listing photos and asked for a ₦10,000 'inspection fee' (demo entry)",
  },
];

export function demoOfficialChannels(): Row[] {
  return CHANNELS.map((channel) => {
    const read = readCheckedValue(channel.value);
    if (!read || read.kind === "listing_code") throw new Error(`bad demo channel ${channel.value}`);
    return { ...channel, valueKind: read.kind, normalized: read.normalized };
  });
}
