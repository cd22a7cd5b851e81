import { type ReactNode, useEffect, useState } from "react";
import { TitleCheckFields } from "~/components/admin/title-check-fields";
import { AdminForm } from "~/components/admin/unsaved-changes";
import { SubmitButton } from "~/components/ui/button";
import {
  CheckboxField,
  fieldBinder,
  SelectField,
  TextAreaField,
  TextField,
} from "~/components/ui/field";
import { useHydrated } from "~/hooks/use-hydrated";
import { useIsPending } from "~/hooks/use-is-pending";
import type { FormMessage } from "~/lib/action-result";
import { mergeFieldsOf } from "~/lib/edit-conflict";
import {
  FURNISHING,
  LISTING_STATUSES,
  MOVE_IN_LABELS,
  PROPERTY_TYPES,
  RENT_PERIODS,
  TITLE_DOCUMENTS,
} from "~/lib/property-options";
import {
  ADMIN_CITIES,
  MOVE_IN_FIELDS,
  PROPERTY_FIELD_KINDS,
  PROPERTY_LIMITS,
  type PropertyFormValues,
} from "~/lib/schemas/property";
import { TITLE_CHECK_LABELS } from "~/lib/schemas/title-check";
import { cn } from "~/lib/utils";

// The add and edit form of a listing, in the spec's tabs (Basic Info, Details, Media) plus the
// Nigerian facts. One form: with JavaScript the tabs show one section at a time (all stay in the
// form, so switching loses nothing, and a refusal opens the tab of the first wrong field);
// without it, the sections follow each other. Media is part of the form when adding (the photos
// go with the listing, so the form is multipart); when editing it is a section after the form,
// whose photo changes are saved at once by forms of their own.

const TABS = [
  {
    id: "basic",
    label: "Basic Info",
    fields: [
      "title",
      "purpose",
      "price",
      "rentPeriod",
      "city",
      "address",
      "area",
      "addressPublic",
      "description",
    ],
  },
  {
    id: "details",
    label: "Details",
    fields: [
      "propertyType",
      "category",
      "beds",
      "baths",
      "toilets",
      "parkingSpaces",
      "sqft",
      "status",
      "titleDocument",
      "serviceCharge",
      "furnishing",
      "titleCheck",
      "titleCheckedOn",
      "titleCheckedBy",
      "titleLawyer",
      ...MOVE_IN_FIELDS,
    ],
  },
  { id: "media", label: "Media", fields: ["photos", "photoUrl"] },
] as const;

type TabId = (typeof TABS)[number]["id"];

/** The form's fields with the labels it shows them by (the conflict panel's rows). */
export const PROPERTY_FIELD_LABELS: Readonly<Record<string, string>> = {
  title: "Title",
  purpose: "Purpose",
  price: "Price (₦)",
  rentPeriod: "Rent is paid",
  city: "Location",
  address: "Address",
  area: "Area shown on the site",
  addressPublic: "Show the full address on the site",
  description: "Description",
  propertyType: "Property type",
  category: "Category",
  beds: "Bedrooms",
  baths: "Bathrooms",
  toilets: "Toilets",
  parkingSpaces: "Parking spaces",
  sqft: "Square feet",
  status: "Status",
  titleDocument: "Title document",
  serviceCharge: "Service charge per year (₦)",
  ...MOVE_IN_LABELS,
  furnishing: "Furnishing",
  featured: "Featured",
  isNewDevelopment: "New development",
  serviced: "Serviced",
};

/** How the listing's fields compare in a merge (issue 42): numbers as numbers, switches. */
export { PROPERTY_FIELD_KINDS };

/** The listing form's merged fields (every labelled field). */
export const PROPERTY_MERGE_FIELDS = mergeFieldsOf(
  Object.keys(PROPERTY_FIELD_LABELS),
  PROPERTY_FIELD_KINDS,
);

/**
 * The edit page's fields with the office's title check (issue 46): what its conflict panel
 * names and its merge covers. An owner's change under review never touches the check, so the
 * review merges PROPERTY_MERGE_FIELDS.
 */
export const LISTING_EDIT_LABELS: Readonly<Record<string, string>> = {
  ...PROPERTY_FIELD_LABELS,
  ...TITLE_CHECK_LABELS,
};

export const LISTING_EDIT_MERGE_FIELDS = mergeFieldsOf(
  Object.keys(LISTING_EDIT_LABELS),
  PROPERTY_FIELD_KINDS,
);

function firstWrongTab(fields: Partial<Record<string, string>>): TabId | undefined {
  return TABS.find((tab) => tab.fields.some((field) => fields[field]))?.id;
}

export function PropertyForm({
  id,
  values,
  fields,
  error,
  submitLabel,
  pendingLabel,
  back,
  state,
  media,
  version,
  intent,
  agents,
  titleCheck,
}: {
  /** What the form shows: the listing's values, or what was typed before a refusal. */
  values: PropertyFormValues;
  fields: Partial<Record<string, string>>;
  error: FormMessage | undefined;
  submitLabel: string;
  pendingLabel: string;
  back: string;
  state?: unknown;
  /** The Media tab: inside the form (adding) or after it (editing). */
  media: { inForm: boolean; content: ReactNode };
  /** Editing: the version of the listing the form was opened at. */
  version?: string;
  /** The action's intent, on a screen with several forms (an owner's submission: approve). */
  intent?: string;
  /** The form element's id (controls outside it post with it: the review's choices). */
  id?: string;
  /** Admins choose the listing's agent (issue 21); agents do not see the choice. */
  agents?: { options: readonly { id: string; name: string }[]; value: string };
  /** The office's title check (issue 46): shown on a listing's own form, changed by admins. */
  titleCheck?: { editable: boolean };
}) {
  const hydrated = useHydrated();
  const pending = useIsPending();
  const [tab, setTab] = useState<TabId>(firstWrongTab(fields) ?? "basic");
  // A refusal opens the tab of its first wrong field (each answer is a new `fields` object).
  useEffect(() => {
    const wrong = firstWrongTab(fields);
    if (wrong) setTab(wrong);
  }, [fields]);
  const shown = (id: TabId) => !hydrated || tab === id;

  const mediaPanel = (
    <section
      id="panel-media"
      role={hydrated ? "tabpanel" : undefined}
      aria-labelledby={hydrated ? "tab-media" : undefined}
      hidden={!shown("media")}
      className="space-y-4"
    >
      {hydrated || !media.inForm ? null : (
        <h2 className="text-lg font-semibold text-slate-900">Media</h2>
      )}
      {media.content}
    </section>
  );
  // Editing on the Media tab: the form's fields are hidden, and so is its Save button.
  const formHidden = hydrated && tab === "media" && !media.inForm;

  return (
    <div className="space-y-5">
      {hydrated ? (
        <div
          role="tablist"
          aria-label="Property sections"
          className="flex gap-1 border-b border-slate-200"
        >
          {TABS.map((t) => (
            <button
              key={t.id}
              type="button"
              role="tab"
              id={`tab-${t.id}`}
              aria-selected={tab === t.id}
              aria-controls={`panel-${t.id}`}
              onClick={() => setTab(t.id)}
              className={cn(
                "-mb-px border-b-2 px-4 py-2 text-sm font-medium",
                tab === t.id
                  ? "border-brand-700 text-brand-800"
                  : "border-transparent text-slate-600 hover:text-slate-900",
              )}
            >
              {t.label}
              {t.fields.some((field) => fields[field]) ? (
                <>
                  <span className="ml-1 text-red-700" aria-hidden>
                    •
                  </span>
                  <span className="sr-only"> (has errors)</span>
                </>
              ) : null}
            </button>
          ))}
        </div>
      ) : null}
      <AdminForm
        method="post"
        version={version}
        state={state}
        className="space-y-5"
        noValidate
        encType={media.inForm ? "multipart/form-data" : undefined}
        hidden={formHidden}
        error={error}
        intent={intent}
        id={id}
      >
        <input type="hidden" name="back" value={back} />

        <PropertyFieldSections
          values={values}
          fields={fields}
          hidden={(id) => !shown(id)}
          tabbed={hydrated}
        />
        {titleCheck ? (
          <TitleCheckFields
            values={values}
            fields={fields}
            editable={titleCheck.editable}
            hidden={!shown("details")}
          />
        ) : null}

        {agents ? (
          <div className="max-w-sm">
            <SelectField
              label="Agent"
              name="agentId"
              placeholder="The office (no agent)"
              options={agents.options.map((agent) => ({ value: agent.id, label: agent.name }))}
              defaultValue={agents.value}
              error={fields.agentId}
            />
          </div>
        ) : null}
        {media.inForm ? mediaPanel : null}

        <div className="flex justify-end border-t border-slate-200 pt-4">
          <SubmitButton pending={pending} pendingLabel={pendingLabel}>
            {submitLabel}
          </SubmitButton>
        </div>
      </AdminForm>
      {media.inForm ? null : mediaPanel}
    </div>
  );
}

/**
 * The listing's fields in two sections, Basic Info and Details: the admin form's tabs, and the
 * owner's submission form (issue 20), which leaves out what only the office decides (status,
 * featured) and shows the sections one after the other.
 */
export function PropertyFieldSections({
  values,
  fields,
  hidden = () => false,
  tabbed = false,
  forOwner = false,
}: {
  values: PropertyFormValues;
  fields: Partial<Record<string, string>>;
  hidden?: (section: "basic" | "details") => boolean;
  /** The sections are tab panels (their headings are the tabs). */
  tabbed?: boolean;
  forOwner?: boolean;
}) {
  const hydrated = useHydrated();
  const [purpose, setPurpose] = useState(values.purpose ?? "sale");
  const bind = fieldBinder(values, fields, "");
  const checked = (name: keyof PropertyFormValues, fallback: boolean) =>
    values[name] === undefined ? fallback : values[name] === "on";
  return (
    <>
      <section
        id="panel-basic"
        role={tabbed ? "tabpanel" : undefined}
        aria-labelledby={tabbed ? "tab-basic" : undefined}
        hidden={hidden("basic")}
        className="space-y-4"
      >
        {tabbed ? null : <h2 className="text-lg font-semibold text-slate-900">Basic Info</h2>}
        <TextField label="Title" {...bind("title")} maxLength={PROPERTY_LIMITS.title} />
        <fieldset>
          <legend className="mb-1 block text-sm font-medium text-slate-700">Purpose</legend>
          <div className="inline-flex rounded-md border border-slate-300 p-0.5">
            {(["sale", "rent"] as const).map((value) => (
              <label
                key={value}
                className="cursor-pointer rounded px-4 py-1.5 text-sm font-medium text-slate-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-600"
              >
                <input
                  type="radio"
                  name="purpose"
                  value={value}
                  defaultChecked={(values.purpose ?? "sale") === value}
                  onChange={() => setPurpose(value)}
                  className="sr-only"
                />
                {value === "sale" ? "For Sale" : "For Rent"}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Price (₦)"
            {...bind("price")}
            inputMode="numeric"
            placeholder="e.g. 45000000"
            hint="Whole naira."
          />
          {purpose === "rent" || !hydrated ? (
            <SelectField
              label="Rent is paid"
              {...bind("rentPeriod", "year")}
              hint={hydrated ? undefined : "For rentals only."}
              options={RENT_PERIODS}
            />
          ) : null}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Location"
            {...bind("city")}
            placeholder="Select a city"
            options={ADMIN_CITIES.map((city) => ({ value: city, label: city }))}
          />
          <TextField
            label="Address"
            {...bind("address")}
            optional
            maxLength={PROPERTY_LIMITS.address}
            placeholder="e.g. 12 Admiralty Way, Lekki Phase 1"
          />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="Area shown on the site"
            {...bind("area")}
            optional
            maxLength={PROPERTY_LIMITS.area}
            placeholder="e.g. Lekki Phase 1, near Admiralty Mall"
            hint={
              forOwner
                ? "The site shows this area, not your street. Left empty: the last part of the address, after its last comma. The full address goes only to people whose viewing we have confirmed."
                : "Shown instead of the street unless the full address is shown. Left empty: the last part of the address, after its last comma."
            }
          />
          {forOwner ? null : (
            <div className="sm:pt-7">
              <CheckboxField
                label="Show the full address on the site"
                name="addressPublic"
                defaultChecked={checked("addressPublic", false)}
              />
            </div>
          )}
        </div>
        <TextAreaField
          label="Description"
          {...bind("description")}
          optional
          rows={6}
          maxLength={PROPERTY_LIMITS.description}
        />
      </section>

      <section
        id="panel-details"
        role={tabbed ? "tabpanel" : undefined}
        aria-labelledby={tabbed ? "tab-details" : undefined}
        hidden={hidden("details")}
        className="space-y-4"
      >
        {tabbed ? null : <h2 className="text-lg font-semibold text-slate-900">Details</h2>}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            label="Property type"
            {...bind("propertyType", "house")}
            options={PROPERTY_TYPES}
          />
          <SelectField
            label="Category"
            {...bind("category", "residential")}
            options={[
              { value: "residential", label: "Residential" },
              { value: "commercial", label: "Commercial" },
            ]}
          />
        </div>
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3">
          {(
            [
              ["beds", "Bedrooms"],
              ["baths", "Bathrooms"],
              ["toilets", "Toilets"],
              ["parkingSpaces", "Parking spaces"],
              ["sqft", "Square feet"],
            ] as const
          ).map(([name, label]) => (
            <TextField key={name} label={label} {...bind(name)} optional inputMode="numeric" />
          ))}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {forOwner ? null : (
            <SelectField
              label="Status"
              {...bind("status", "available")}
              options={LISTING_STATUSES}
            />
          )}
          <SelectField
            label="Title document"
            {...bind("titleDocument")}
            placeholder="Not stated"
            options={TITLE_DOCUMENTS}
          />
          <TextField
            label="Service charge per year (₦)"
            {...bind("serviceCharge")}
            optional
            inputMode="numeric"
          />
          <SelectField
            label="Furnishing"
            {...bind("furnishing")}
            placeholder="Not stated"
            options={FURNISHING}
          />
        </div>
        <fieldset className="space-y-3 rounded-md border border-slate-200 p-4">
          <legend className="px-1 text-sm font-semibold text-slate-900">
            Move-in costs (rentals only)
          </legend>
          <p className="text-sm text-slate-600">
            Give each fee as an amount or as a percentage of a year's rent, not both, and leave
            blank what is not charged. The agency fee and the legal/agreement fee are limited to a
            share of a year's rent (10% each unless the office has set otherwise), and in Lagos,
            outside Apapa, Ikeja GRA, Ikoyi and Victoria Island, so is the rent asked in advance of
            a new tenant (12 months; 6 on a monthly rent). A figure over the limit is refused with
            the reason.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            {MOVE_IN_FIELDS.map((name) => (
              <TextField
                key={name}
                label={MOVE_IN_LABELS[name]}
                {...bind(name)}
                optional
                inputMode={name.endsWith("Percent") ? "decimal" : "numeric"}
              />
            ))}
          </div>
        </fieldset>
        <div className="flex flex-wrap gap-x-6 gap-y-3">
          {forOwner ? null : (
            <CheckboxField
              label="Featured"
              name="featured"
              defaultChecked={checked("featured", true)}
            />
          )}
          <CheckboxField
            label="New development"
            name="isNewDevelopment"
            defaultChecked={checked("isNewDevelopment", false)}
          />
          <CheckboxField
            label="Serviced"
            name="serviced"
            defaultChecked={checked("serviced", false)}
          />
        </div>
      </section>
    </>
  );
}
