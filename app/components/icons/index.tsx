import type { SVGProps } from "react";
import { iconId } from "./id";
import type { IconName } from "./names";
import spriteUrl from "./sprite.svg?no-inline";

// Icons as references into one sprite (sprite.svg, generated from lucide-react), drawn with
// lucide's look: a page carries `<svg class="i"><use href="/assets/sprite-HASH.svg#heart"/></svg>` per
// icon instead of every path inline (54 icons were 21 KB of the listing's HTML and of its
// server render), and the browser fetches the sprite once and keeps it (hashed name, cached
// for a year). The paths inherit fill and stroke from the outer <svg>, so `fill="currentColor"`
// or a `fill-current` class still fills an icon.

export type IconProps = Omit<SVGProps<SVGSVGElement>, "children">;

export type IconComponent = ((props: IconProps) => React.JSX.Element) & { displayName: string };

/** True when the caller named the icon for assistive technology (else it is decoration). */
function isLabelled(props: IconProps): boolean {
  return Object.keys(props).some(
    (key) =>
      key === "role" || key === "title" || (key.startsWith("aria-") && key !== "aria-hidden"),
  );
}

// The look (24 px, no fill, a 2 px round stroke in the text's colour) is the `i` class in
// app.css, set once for every icon instead of six attributes on each; a size or fill class
// (`size-4`, `fill-current`) wins over it, and a `fill` given here is kept as an inline style.
function SpriteIcon({ href, className, fill, style, ...props }: IconProps & { href: string }) {
  return (
    <svg
      aria-hidden={isLabelled(props) ? undefined : true}
      className={className ? `i ${className}` : "i"}
      style={fill ? { ...style, fill } : style}
      {...props}
    >
      <use href={href} />
    </svg>
  );
}

/** One icon of the sprite, made once per name when this module loads. */
function icon(name: IconName): IconComponent {
  const href = `${spriteUrl}#${iconId(name)}`;
  const draw = (props: IconProps) => <SpriteIcon href={href} {...props} />;
  return Object.assign(draw, { displayName: name });
}

export const Archive = icon("Archive");
export const ArrowDown = icon("ArrowDown");
export const ArrowLeft = icon("ArrowLeft");
export const ArrowRight = icon("ArrowRight");
export const ArrowUp = icon("ArrowUp");
export const ArrowUpDown = icon("ArrowUpDown");
export const Bath = icon("Bath");
export const BedDouble = icon("BedDouble");
export const Bell = icon("Bell");
export const BellPlus = icon("BellPlus");
export const Briefcase = icon("Briefcase");
export const Building = icon("Building");
export const Building2 = icon("Building2");
export const Calculator = icon("Calculator");
export const CalendarCheck = icon("CalendarCheck");
export const CalendarDays = icon("CalendarDays");
export const CalendarPlus = icon("CalendarPlus");
export const CheckCircle2 = icon("CheckCircle2");
export const ChevronDown = icon("ChevronDown");
export const ChevronLeft = icon("ChevronLeft");
export const ChevronRight = icon("ChevronRight");
export const ChevronUp = icon("ChevronUp");
export const ClipboardList = icon("ClipboardList");
export const Clock = icon("Clock");
export const Contact = icon("Contact");
export const ExternalLink = icon("ExternalLink");
export const Eye = icon("Eye");
export const EyeOff = icon("EyeOff");
export const GalleryHorizontal = icon("GalleryHorizontal");
export const Gauge = icon("Gauge");
export const Globe = icon("Globe");
export const GripVertical = icon("GripVertical");
export const Handshake = icon("Handshake");
export const Heart = icon("Heart");
export const History = icon("History");
export const Home = icon("Home");
export const ImagePlus = icon("ImagePlus");
export const ImageUp = icon("ImageUp");
export const Info = icon("Info");
export const KeyRound = icon("KeyRound");
export const LayoutDashboard = icon("LayoutDashboard");
export const LayoutGrid = icon("LayoutGrid");
export const List = icon("List");
export const LogOut = icon("LogOut");
export const Mail = icon("Mail");
export const MailCheck = icon("MailCheck");
export const MapPin = icon("MapPin");
export const Menu = icon("Menu");
export const MessageSquare = icon("MessageSquare");
export const MessageSquareWarning = icon("MessageSquareWarning");
export const MessagesSquare = icon("MessagesSquare");
export const PanelLeft = icon("PanelLeft");
export const PanelsTopLeft = icon("PanelsTopLeft");
export const Pause = icon("Pause");
export const Phone = icon("Phone");
export const Play = icon("Play");
export const Plus = icon("Plus");
export const Ruler = icon("Ruler");
export const Scale = icon("Scale");
export const Search = icon("Search");
export const SearchX = icon("SearchX");
export const Send = icon("Send");
export const Settings = icon("Settings");
export const Share2 = icon("Share2");
export const ShieldCheck = icon("ShieldCheck");
export const SlidersHorizontal = icon("SlidersHorizontal");
export const Sprout = icon("Sprout");
export const Square = icon("Square");
export const SquareCheck = icon("SquareCheck");
export const Tag = icon("Tag");
export const Target = icon("Target");
export const UserPlus = icon("UserPlus");
export const UserRound = icon("UserRound");
export const Users = icon("Users");
export const Video = icon("Video");
export const VideoOff = icon("VideoOff");
export const Wrench = icon("Wrench");
export const X = icon("X");
