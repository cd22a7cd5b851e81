import { useLocation, useNavigate, useOutlet } from "react-router";
import { LinkButton } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { Dialog, DialogContent, DialogHeader, DialogTitle } from "~/components/ui/dialog";
import { useHydrated } from "~/hooks/use-hydrated";

// One record of an admin list (a booking, an inquiry) at its own URL, a child route of the
// list. Followed from the list with JavaScript, it opens as a dialog over the list, which stays
// as it was (search, filters, page); opened any other way (a shared link, a reload, no
// JavaScript) it is a page of its own. The list's links carry `state: { back }`, the list
// address to return to; forms post it as `back`, and the action checks it (listReturnPath).

type BackState = { back?: string } | null;

/** For the list route: what to render, and the list address its links and forms carry. */
export function useListWithRecord(list: string) {
  const location = useLocation();
  const outlet = useOutlet();
  const stateBack = (location.state as BackState)?.back;
  const overList = Boolean(outlet && stateBack);
  return {
    outlet,
    /** A record opened on its own: render the outlet alone. */
    recordOnly: Boolean(outlet) && !overList,
    back: overList && stateBack ? stateBack : `${list}${location.search}`,
  };
}

/**
 * For the record route: the list address to come back to, and the location state its forms
 * pass on (`<Form state={state}>`), so a form answered with an error stays in the dialog.
 */
export function useRecordBack(list: string) {
  const state = useLocation().state as BackState;
  return { back: state?.back ?? list, state };
}

export function RecordView({
  list,
  listLabel,
  title,
  children,
}: {
  list: string;
  /** The back link's words on the page ('All appointments'). */
  listLabel: string;
  title: string;
  children: React.ReactNode;
}) {
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const listBack = (location.state as BackState)?.back;

  if (listBack && hydrated) {
    return (
      <Dialog
        open
        onOpenChange={(open) => {
          if (!open) navigate(listBack, { preventScrollReset: true });
        }}
      >
        <DialogContent size="lg" aria-describedby={undefined}>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
          </DialogHeader>
          <div className="mt-4">{children}</div>
        </DialogContent>
      </Dialog>
    );
  }
  return (
    <div className="mx-auto max-w-3xl space-y-4 p-4 md:p-6">
      <LinkButton to={listBack ?? list} variant="link" size="inline">
        ← {listLabel}
      </LinkButton>
      <Card as="section" aria-labelledby="record-title">
        <h1 id="record-title" className="mb-4 text-2xl font-bold text-slate-900">
          {title}
        </h1>
        {children}
      </Card>
    </div>
  );
}
