import { WhatsAppIcon } from "~/components/social-icons";
import { type ButtonSize, buttonVariants } from "~/components/ui/button";

// A WhatsApp click-to-chat or share link (app/lib/whatsapp.ts builds the address): an ordinary
// link that opens WhatsApp in a new tab, so it works without JavaScript and loads nothing from
// WhatsApp until the visitor clicks.

export function WhatsAppLink({
  href,
  children,
  size = "lg",
  fullWidth = false,
  className,
}: {
  href: string;
  children: React.ReactNode;
  size?: ButtonSize;
  fullWidth?: boolean;
  className?: string;
}) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className={buttonVariants({ variant: "whatsapp", size, fullWidth, className })}
    >
      <WhatsAppIcon className="size-5 shrink-0" />
      {children}
    </a>
  );
}
