import { useId } from "react";
import { HONEYPOT_FIELD } from "~/lib/honeypot";

/**
 * The anti-spam field for public forms (check it with isHoneypotTripped in the action). Moved off
 * screen rather than display:none, which many bots skip; hidden from assistive technology and out
 * of the tab order so no person fills it in.
 */
export function HoneypotField() {
  const id = useId();
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor={id}>Leave this field empty</label>
      <input
        id={id}
        type="text"
        name={HONEYPOT_FIELD}
        autoComplete="off"
        tabIndex={-1}
        defaultValue=""
      />
    </div>
  );
}
