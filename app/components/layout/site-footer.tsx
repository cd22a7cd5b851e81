import { Link } from "react-router";
import { Mail, MapPin, Phone } from "~/components/icons";
import { SocialLinkList, WhatsAppIcon } from "~/components/social-icons";
import { FOOTER_QUICK_LINKS } from "~/lib/navigation";
import { COMPANY_DESCRIPTION, COMPANY_NAME, type SocialLinks, telHref } from "~/lib/site";
import { GENERAL_CHAT_MESSAGE, whatsappChatUrl } from "~/lib/whatsapp";

type FooterProps = {
  social: SocialLinks;
  contact: {
    address: string;
    phones: string[];
    email: string;
    emails?: string[];
    whatsapp?: string | null;
  };
};

export function SiteFooter({ social, contact }: FooterProps) {
  const emails = contact.emails?.length ? contact.emails : [contact.email];
  const chat = contact.whatsapp
    ? whatsappChatUrl(contact.whatsapp, GENERAL_CHAT_MESSAGE)
    : undefined;
  return (
    <footer className="bg-brand-900 text-brand-50">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-3">
        <div>
          <p className="text-lg font-bold text-white">{COMPANY_NAME}</p>
          <p className="mt-3 text-sm leading-relaxed text-brand-100">{COMPANY_DESCRIPTION}</p>
          <SocialLinkList
            social={social}
            className="mt-4 flex flex-wrap gap-3"
            linkClassName="size-9 bg-brand-800 hover:bg-brand-700"
            iconClassName="size-4"
          />
        </div>
        <nav aria-label="Quick links">
          <p className="font-semibold text-white">Quick Links</p>
          <ul className="mt-3 space-y-2 text-sm">
            {FOOTER_QUICK_LINKS.map((item) => (
              <li key={item.to}>
                <Link to={item.to} className="text-brand-100 hover:text-white">
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <p className="font-semibold text-white">Contact Us</p>
          <ul className="mt-3 space-y-3 text-sm text-brand-100">
            <li className="flex gap-2">
              <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden />
              <span className="whitespace-pre-line">{contact.address}</span>
            </li>
            {contact.phones.map((phone) => (
              <li key={phone} className="flex gap-2">
                <Phone className="mt-0.5 size-4 shrink-0" aria-hidden />
                <a href={telHref(phone)} className="hover:text-white">
                  {phone}
                </a>
              </li>
            ))}
            {emails.map((email) => (
              <li key={email} className="flex gap-2">
                <Mail className="mt-0.5 size-4 shrink-0" aria-hidden />
                <a href={`mailto:${email}`} className="break-all hover:text-white">
                  {email}
                </a>
              </li>
            ))}
            {chat ? (
              <li className="flex gap-2">
                <WhatsAppIcon className="mt-0.5 size-4 shrink-0" />
                <a
                  href={chat}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="hover:text-white"
                >
                  WhatsApp: {contact.whatsapp}
                </a>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
      <div className="border-t border-brand-800 py-4 text-center text-xs text-brand-100">
        © {new Date().getFullYear()} {COMPANY_NAME}. All rights reserved.
      </div>
    </footer>
  );
}
