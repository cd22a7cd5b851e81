import { SelectField, TextField } from "~/components/ui/field";
import type { PropertyFormValues } from "~/lib/schemas/property";
import { TITLE_CHECK_FIELDS, TITLE_CHECK_LABELS } from "~/lib/schemas/title-check";
import { describeTitleCheck, isTitleCheck, TITLE_CHECKS } from "~/lib/title-check";

// The admin property form's title check (issue 46): the highest check the office has done on a
// sale listing's title, the day, who did it and, for a lawyer's report, the lawyer. An agent sees
// the check but does not change it (vouching for a title is the office's call); their form
// posts the stored values back, so a save of theirs never reads as a change of the check.

export function TitleCheckFields({
  values,
  fields,
  editable,
  hidden,
}: {
  values: PropertyFormValues;
  fields: Partial<Record<string, string>>;
  editable: boolean;
  hidden?: boolean;
}) {
  if (!editable) {
    const check = values.titleCheck;
    const said = isTitleCheck(check)
      ? describeTitleCheck({
          titleCheck: check,
          titleCheckedOn: values.titleCheckedOn || null,
          titleCheckedBy: values.titleCheckedBy || null,
          titleLawyer: values.titleLawyer || null,
          city: values.city ?? "",
        })
      : null;
    return (
      <fieldset hidden={hidden} className="space-y-1 rounded-md border border-slate-200 p-3">
        <legend className="px-1 text-sm font-medium text-slate-700">Title check</legend>
        {TITLE_CHECK_FIELDS.map((name) => (
          <input key={name} type="hidden" name={name} value={values[name] ?? ""} />
        ))}
        <p className="text-sm text-slate-700">{said ?? "Not checked by the office yet."}</p>
        <p className="text-xs text-slate-500">The office records title checks.</p>
      </fieldset>
    );
  }
  const value = (name: (typeof TITLE_CHECK_FIELDS)[number]) => ({
    name,
    defaultValue: values[name] ?? "",
    error: fields[name],
  });
  return (
    <fieldset
      hidden={hidden}
      id="title-check"
      className="space-y-3 rounded-md border border-slate-200 p-3"
    >
      <legend className="px-1 text-sm font-medium text-slate-700">
        Title check (sale listings)
      </legend>
      <p className="text-xs text-slate-500">
        The highest check done on the title document, shown on the listing with what it means. Leave
        it empty until one is done.
      </p>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label={TITLE_CHECK_LABELS.titleCheck}
          {...value("titleCheck")}
          placeholder="Not checked yet"
          options={TITLE_CHECKS}
        />
        <TextField
          label={TITLE_CHECK_LABELS.titleCheckedOn}
          type="date"
          {...value("titleCheckedOn")}
        />
        <TextField
          label={TITLE_CHECK_LABELS.titleCheckedBy}
          {...value("titleCheckedBy")}
          maxLength={120}
          placeholder="e.g. Ada Obi (NaijaHomes legal desk)"
        />
        <TextField
          label={TITLE_CHECK_LABELS.titleLawyer}
          {...value("titleLawyer")}
          maxLength={120}
          placeholder="e.g. Barr. Tunde Bakare, Bakare & Co."
        />
      </div>
    </fieldset>
  );
}
