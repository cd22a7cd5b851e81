import { type ActionFunctionArgs, data, type LoaderFunctionArgs, redirect } from "react-router";
import { requireAdmin } from "~/auth/session.server";
import { saveMerging, versionToken } from "~/http/edit-merge.server";
import { readForm } from "~/http/read-form.server";
import {
  badRequest,
  failed,
  notFound,
  redirectWithFlash,
  unknownIntent,
} from "~/http/responses.server";
import type { FieldErrors, FormMessage, Outcome } from "~/lib/action-result";
import type { AdminActor } from "~/lib/admin-actor";
import { askToConfirm, isConfirmed } from "~/lib/confirm";
import { mergeFieldsOf } from "~/lib/edit-conflict";
import type { FlashKey } from "~/lib/flash";
import { listReturnPath } from "~/lib/list-params";
import {
  type MoveTarget,
  type OrderedListAnswer,
  parseMoveTarget,
  storedFormValues,
} from "~/lib/ordered-list";
import { logger } from "~/log/logger.server";
import type { AcceptedPhoto } from "~/media/images.server";
import { removeUnreferencedUploads } from "~/models/media-references.server";
import type {
  OrderedItemCreated,
  OrderedItemDeleted,
  OrderedItemRefused,
  OrderedItemUpdated,
} from "~/models/ordered-list.server";
import type { Stale } from "~/models/record-version.server";
import {
  discardUploadedPhoto,
  ONE_PHOTO_FORM_BYTES,
  postedFile,
  storeUploadedPhoto,
} from "~/routes/admin/admin-photo.server";
import { loadOrFail } from "~/routes/admin/load-or-fail.server";

// The loaders and actions of the ordered-list screens (team, gallery slides, featured videos),
// each bound by ./ordered-lists.server.ts to one list's model, form and words:
//   - the list (./team.tsx, ./slideshow.tsx, ./videos.tsx): every item; the move buttons, the
//     drag and drop and the Active switch post here (app/components/admin/ordered-list.tsx);
//   - add (./team-new.tsx, ...): the new item goes last;
//   - one item (./team-member.tsx, ...): edit against the version the form was opened at (a 409
//     conflict panel otherwise), or delete after the spec's question. Unknown ids are the 404.
// A photo comes through the media pipeline after the other fields were checked, and is removed
// again when the save fails; the one an item no longer shows is removed unless a row uses it.
//
// The list's posts work as plain forms (no JavaScript): a move answers a redirect back to the
// list, the switch a toast. Posted by the list's fetchers (`js=1`) they answer data, and the
// page shows the toast itself, so the list does not reload or jump.

type Write = Promise<Outcome<object, "not-found">>;

/**
 * What the screens need of a list's admin model (app/models/admin-team.server.ts, ...). `ListRow`:
 * what the list shows of an item (the item and more, e.g. a team member's linked account).
 */
export type OrderedListModelApi<Row, Input, ListRow = Row> = {
  list: (actor: AdminActor) => Promise<ListRow[]>;
  get: (actor: AdminActor, id: string) => Promise<(Row & { version: string }) | undefined>;
  /** Refused (`reason: "refused"`): the messages beside the fields; nothing was written. */
  create: (actor: AdminActor, input: Input) => Promise<OrderedItemCreated | OrderedItemRefused>;
  update: (
    actor: AdminActor,
    id: string,
    input: Input,
    expectedVersion?: string,
  ) => Promise<OrderedItemUpdated | OrderedItemRefused | Stale>;
  remove: (actor: AdminActor, id: string) => Promise<OrderedItemDeleted>;
  move: (actor: AdminActor, id: string, to: MoveTarget) => Write;
  setActive: (actor: AdminActor, id: string, active: boolean) => Write;
};

/** A form's fields, checked: what the model takes, or the messages beside the fields. */
export type CheckedForm<Checked> =
  | { ok: true; checked: Checked }
  /** `required`: the form's message is the spec's 'required' one rather than the first field's. */
  | { ok: false; fields: FieldErrors; required: boolean };

export type OrderedListConfig<Row, Checked, Input, Options, ListRow = Row> = {
  /** The list's address (`back` must stay on it). */
  list: string;
  model: OrderedListModelApi<Row, Input, ListRow>;
  /** The form's fields, posted and shown again after a refusal (app/lib/schemas/*). */
  fields: readonly string[];
  /** The form carries one photo (multipart, through the media pipeline). */
  photo: boolean;
  /** Checks the posted form; `values` are its fields as posted, `hasUpload` a chosen photo. */
  check: (
    form: FormData,
    values: Record<string, string>,
    hasUpload: boolean,
  ) => CheckedForm<Checked>;
  /** The model's input: the checked form, the stored photo's address, and (editing) the item. */
  inputOf: (checked: Checked, photoUrl: string | undefined, stored?: Row) => Input;
  /** The spec's words (app/lib/schemas/*: TEAM_MESSAGES, ...). */
  messages: {
    loadFailed: string;
    required: FormMessage;
    addFailed: string;
    updateFailed: string;
    reorderFailed: string;
    deleteQuestion: string;
    tryAgain: string;
  };
  /** The toasts after a redirect (app/lib/flash.ts). */
  flash: Record<"added" | "updated" | "deleted" | "deleteFailed" | "reorderFailed", FlashKey>;
  /** The log lines' words: one item ('a team member') and the list ('the team members'). */
  log: { one: string; all: string };
  /**
   * What the add and edit forms choose from besides their own fields (the team's staff
   * accounts), loaded with the form: `item` is the stored item when editing.
   */
  formOptions?: (actor: AdminActor, item?: Row) => Promise<Options>;
};

const TRY_AGAIN = "Please try again.";

/** What was typed, to show again after a refusal (an unchecked switch posts nothing: ""). */
function postedValues(form: FormData, fields: readonly string[]) {
  const values: Record<string, string> = {};
  for (const name of fields) {
    const value = form.get(name);
    values[name] = typeof value === "string" ? value : "";
  }
  return values;
}

export function orderedListRoutes<
  Row extends { id: string },
  Checked,
  Input,
  Options = undefined,
  ListRow extends { id: string } = Row,
>(config: OrderedListConfig<Row, Checked, Input, Options, ListRow>) {
  const { list, model, messages, flash, log } = config;
  const formLimit = config.photo ? { maxBytes: ONE_PHOTO_FORM_BYTES } : {};

  /**
   * The post, checked, and its photo stored when one was chosen: the model's input, or the 400
   * answer with the messages beside the fields and what was typed. The fields are checked
   * before the photo is stored, so a refused form leaves no file behind.
   */
  async function readItem(form: FormData, failedTitle: string, stored?: Row) {
    const values = postedValues(form, config.fields);
    const file = config.photo ? postedFile(form, "photo") : undefined;
    const read = config.check(form, values, Boolean(file));
    if (!read.ok) {
      const first = Object.values(read.fields)[0];
      const error = read.required
        ? messages.required
        : { title: failedTitle, message: first ?? messages.tryAgain };
      return { ok: false as const, response: badRequest({ error, fields: read.fields, values }) };
    }
    let photo: AcceptedPhoto | undefined;
    if (file) {
      const accepted = await storeUploadedPhoto(file);
      if (!accepted.ok) {
        const error = { title: failedTitle, message: accepted.message };
        const fields = { photo: accepted.message };
        return { ok: false as const, response: badRequest({ error, fields, values }) };
      }
      photo = accepted.photo;
    }
    const input = config.inputOf(read.checked, photo?.url, stored);
    return { ok: true as const, input, photo, values };
  }

  /**
   * A save the model refused by field (checked against other rows): 400 with the messages
   * beside the fields and what was typed; the photo stored for it goes.
   */
  async function refused(
    title: string,
    photo: AcceptedPhoto | undefined,
    values: object,
    fields: FieldErrors,
  ) {
    await discardUploadedPhoto(photo);
    const error = { title, message: Object.values(fields)[0] ?? messages.tryAgain };
    return badRequest({ error, fields, values });
  }

  /** A save that failed: the photo stored for it goes, the form keeps what was typed. */
  async function saveFailed(title: string, photo: AcceptedPhoto | undefined, values: object) {
    await discardUploadedPhoto(photo);
    return failed(500, { error: { title, message: messages.tryAgain }, values });
  }

  /** `intent=move` and `intent=active` from the list. */
  async function moveOrSwitch(actor: AdminActor, form: FormData, intent: "move" | "active") {
    const js = form.get("js") === "1";
    const back = listReturnPath(form.get("back"), list);
    const id = String(form.get("id") ?? "");

    if (intent === "move") {
      const title = messages.reorderFailed;
      const to = parseMoveTarget(form.get("to"));
      if (to === undefined) return badRequest({ intent, error: { title, message: TRY_AGAIN } });
      let moved: Awaited<Write>;
      try {
        moved = await model.move(actor, id, to);
      } catch (error) {
        logger.error({ err: error, id }, "Reordering failed");
        if (js) return failed(500, { intent, error: { title, message: TRY_AGAIN } });
        throw redirectWithFlash(back, flash.reorderFailed);
      }
      if (!moved.ok) notFound();
      if (js) return data({ ok: true, intent } satisfies OrderedListAnswer);
      throw redirect(back);
    }

    const title = messages.updateFailed;
    const value = form.get("active");
    if (value !== "true" && value !== "false") {
      return badRequest({ intent, error: { title, message: TRY_AGAIN } });
    }
    let changed: Awaited<Write>;
    try {
      changed = await model.setActive(actor, id, value === "true");
    } catch (error) {
      logger.error({ err: error, id }, "Switching an item on or off failed");
      return failed(500, { intent, error: { title, message: TRY_AGAIN } });
    }
    if (!changed.ok) notFound();
    if (js) return data({ ok: true, intent, flash: flash.updated } satisfies OrderedListAnswer);
    throw redirectWithFlash(back, flash.updated);
  }

  async function deleteItem(actor: AdminActor, id: string, form: FormData, back: string) {
    if (!isConfirmed(form)) return askToConfirm(form, messages.deleteQuestion);
    let deleted: OrderedItemDeleted;
    try {
      deleted = await model.remove(actor, id);
    } catch (error) {
      logger.error({ err: error, id }, `Deleting ${log.one} failed`);
      throw redirectWithFlash(back, flash.deleteFailed);
    }
    if (!deleted.ok) notFound();
    await removeUnreferencedUploads([deleted.formerMedia]);
    throw redirectWithFlash(back, flash.deleted);
  }

  /** The edit form's merged fields: its text fields, the Active switch a switch. */
  const mergeFields = mergeFieldsOf(config.fields, { isActive: "flag" });

  async function updateItem(actor: AdminActor, id: string, form: FormData, back: string) {
    const title = messages.updateFailed;
    const saved = await saveMerging({
      form,
      fields: mergeFields,
      save: async (merged, version) => {
        // The photo kept when none is sent is the one stored now (theirs, if they changed it).
        const stored = await model.get(actor, id);
        if (!stored) notFound();
        const read = await readItem(merged, title, stored);
        if (!read.ok) return read.response;
        let updated: OrderedItemUpdated | OrderedItemRefused | Stale;
        try {
          updated = await model.update(actor, id, read.input, version);
        } catch (error) {
          logger.error({ err: error, id }, `Updating ${log.one} failed`);
          return saveFailed(title, read.photo, read.values);
        }
        if (updated.ok) {
          await removeUnreferencedUploads([updated.formerMedia]);
          return updated;
        }
        if (updated.reason === "refused") {
          return refused(title, read.photo, read.values, updated.fields);
        }
        // A photo sent with a stale save is not kept: the panel sends the fields again.
        await discardUploadedPhoto(read.photo);
        if (updated.reason === "conflict") return updated;
        notFound();
      },
      current: async () => {
        const current = await model.get(actor, id);
        return (
          current && { version: current.version, values: storedFormValues(current, config.fields) }
        );
      },
    });
    if (!saved.ok) return saved.response;
    if (!("ok" in saved.result)) return saved.result;
    throw redirectWithFlash(back, saved.theirsKept.length ? "savedWithTheirs" : flash.updated);
  }

  return {
    /** The list: every item, active or not, in the order the site shows the active ones. */
    async listLoader(args: LoaderFunctionArgs) {
      const actor = await requireAdmin(args);
      return loadOrFail(log.all, messages.loadFailed, async () => {
        return { items: await model.list(actor) };
      });
    },

    async listAction(args: ActionFunctionArgs) {
      const actor = await requireAdmin(args);
      const form = await readForm(args.request);
      const intent = form.get("intent");
      if (intent !== "move" && intent !== "active") return unknownIntent();
      return moveOrSwitch(actor, form, intent);
    },

    /** The form's options (formOptions), undefined for a list without any. */
    async addLoader(args: LoaderFunctionArgs) {
      const actor = await requireAdmin(args);
      return { options: await config.formOptions?.(actor) };
    },

    /** Adds the item last. */
    async addAction(args: ActionFunctionArgs) {
      const actor = await requireAdmin(args);
      const form = await readForm(args.request, formLimit);
      const back = listReturnPath(form.get("back"), list);
      const title = messages.addFailed;
      const read = await readItem(form, title);
      if (!read.ok) return read.response;
      let created: OrderedItemCreated | OrderedItemRefused;
      try {
        created = await model.create(actor, read.input);
      } catch (error) {
        logger.error({ err: error }, `Adding ${log.one} failed`);
        return saveFailed(title, read.photo, read.values);
      }
      if (!created.ok) return refused(title, read.photo, read.values, created.fields);
      throw redirectWithFlash(back, flash.added);
    },

    /** One item with the version its form is opened at, and its form's options; unknown ids 404. */
    async itemLoader(args: LoaderFunctionArgs) {
      const actor = await requireAdmin(args);
      const stored = await model.get(actor, args.params.id ?? "");
      if (!stored) notFound();
      // The form's version carries the values it opens with: the base of a merge (issue 42).
      const version = versionToken(stored.version, storedFormValues(stored, config.fields));
      const item = { ...stored, version };
      return { item, options: await config.formOptions?.(actor, stored) };
    },

    /** `intent=update` saves the form, `intent=delete` deletes after the spec's question. */
    async itemAction(args: ActionFunctionArgs) {
      const actor = await requireAdmin(args);
      const id = args.params.id ?? "";
      const form = await readForm(args.request, formLimit);
      const back = listReturnPath(form.get("back"), list);
      const intent = form.get("intent");
      if (intent === "delete") return deleteItem(actor, id, form, back);
      if (intent === "update") return updateItem(actor, id, form, back);
      return unknownIntent();
    },
  };
}
