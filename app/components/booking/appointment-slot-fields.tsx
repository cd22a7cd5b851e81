import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { ChevronLeft, ChevronRight } from "~/components/icons";
import { FieldError, inputClass } from "~/components/ui/field";
import { useHydrated } from "~/hooks/use-hydrated";
import {
  addDays,
  lagosToday,
  MAX_DAYS_AHEAD,
  openSlots,
  parseIsoDate,
  slotsOn,
  TIME_SLOTS,
} from "~/lib/appointment-rules";
import {
  addMonths,
  addMonthsToDate,
  formatLongDate,
  formatMonth,
  monthOf,
  monthWeeks,
  weekdayIndex,
} from "~/lib/calendar-month";
import { dateProblem } from "~/lib/schemas/appointment";
import { DEFAULT_CONTACT } from "~/lib/site";
import { cn } from "~/lib/utils";

// The appointment date and time, shared by the booking form and the customer's reschedule form.
// Without JavaScript the date is a native date input (min/max set, the server refuses the rest);
// once hydrated it becomes a calendar in which Sundays, past days and days beyond
// MAX_DAYS_AHEAD cannot be chosen, the time select offers only the slots inside the chosen day's
// posted hours (Saturdays end early) and disables those that have already started today.
// "Today" is always today in Lagos, whatever the browser's time zone.

export type AppointmentSlotErrors = { appointmentDate?: string; appointmentTime?: string };

export type AppointmentSlotFieldsProps = {
  /** yyyy-MM-dd shown as chosen (the typed value after a failed post, or the current booking). */
  defaultDate?: string;
  /** One of TIME_SLOTS. */
  defaultTime?: string;
  errors?: AppointmentSlotErrors;
  /** Labels, so a reschedule form can say "New date" / "New time". */
  dateLabel?: string;
  timeLabel?: string;
};

const WEEKDAYS = [
  ["Mo", "Monday"],
  ["Tu", "Tuesday"],
  ["We", "Wednesday"],
  ["Th", "Thursday"],
  ["Fr", "Friday"],
  ["Sa", "Saturday"],
  ["Su", "Sunday"],
] as const;

export function AppointmentSlotFields({
  defaultDate = "",
  defaultTime = "",
  errors = {},
  dateLabel = "Appointment Date",
  timeLabel = "Appointment Time",
}: AppointmentSlotFieldsProps) {
  const hydrated = useHydrated();
  const [date, setDate] = useState(defaultDate);
  const [time, setTime] = useState(defaultTime);
  const timeId = useId();
  const timeErrorId = `${timeId}-error`;

  // Only after hydration: the server's clock and the browser's may straddle a slot's start.
  // Without a date (or JavaScript) every slot is listed and the server checks the day's hours.
  const chosenDay = hydrated && parseIsoDate(date) ? date : undefined;
  const offered = chosenDay ? slotsOn(chosenDay) : TIME_SLOTS;
  const open = chosenDay ? new Set<string>(openSlots(chosenDay)) : undefined;

  function chooseDate(next: string) {
    setDate(next);
    // A slot chosen earlier that the new date does not offer (outside its hours, or already
    // started) is dropped.
    if (time && parseIsoDate(next) && !openSlots(next).some((slot) => slot === time)) setTime("");
  }

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {hydrated ? (
        <CalendarField
          label={dateLabel}
          value={date}
          onChange={chooseDate}
          error={errors.appointmentDate}
        />
      ) : (
        <NativeDateField
          label={dateLabel}
          defaultValue={defaultDate}
          error={errors.appointmentDate}
        />
      )}
      <div className="space-y-1">
        <label htmlFor={timeId} className="block text-sm font-medium text-slate-800">
          {timeLabel}
        </label>
        <select
          id={timeId}
          name="appointmentTime"
          value={time}
          onChange={(event) => setTime(event.target.value)}
          aria-invalid={errors.appointmentTime ? true : undefined}
          aria-describedby={errors.appointmentTime ? timeErrorId : undefined}
          className={cn(inputClass(Boolean(errors.appointmentTime)), "bg-white")}
        >
          <option value="">Select a time</option>
          {offered.map((slot) => (
            <option key={slot} value={slot} disabled={open ? !open.has(slot) : undefined}>
              {slot}
            </option>
          ))}
        </select>
        <FieldError id={timeErrorId} error={errors.appointmentTime} />
      </div>
    </div>
  );
}

/** The server-rendered (and no-JavaScript) date field. */
function NativeDateField({
  label,
  defaultValue,
  error,
}: {
  label: string;
  defaultValue: string;
  error: string | undefined;
}) {
  const id = useId();
  const errorId = `${id}-error`;
  const today = lagosToday();
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="date"
        name="appointmentDate"
        defaultValue={defaultValue}
        min={today}
        max={addDays(today, MAX_DAYS_AHEAD)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={cn(inputClass(Boolean(error)), "bg-white")}
      />
      <p className="text-xs text-slate-500">
        {DEFAULT_CONTACT.hours.join(", ")}; we are closed on Sundays.
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

/** A month table of day buttons, after the WAI-ARIA date picker: one tab stop, arrow keys move. */
function CalendarField({
  label,
  value,
  onChange,
  error,
}: {
  label: string;
  value: string;
  onChange: (date: string) => void;
  error: string | undefined;
}) {
  const id = useId();
  const monthId = `${id}-month`;
  const errorId = `${id}-error`;
  const selectedId = `${id}-selected`;
  const today = lagosToday();
  const last = addDays(today, MAX_DAYS_AHEAD);
  const chosen = parseIsoDate(value) ? value : "";
  const [focused, setFocused] = useState(() =>
    chosen && chosen >= today && chosen <= last ? chosen : firstOpenDay(today),
  );
  const [month, setMonth] = useState(() => monthOf(focused));
  // Focus follows the keyboard, but not on first render (the page would jump to the calendar).
  const moveFocus = useRef(false);
  const grid = useRef<HTMLTableElement>(null);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`button[data-date="${focused}"]`)?.focus();
  }, [focused]);

  const canGoBack = month > monthOf(today);
  const canGoForward = month < monthOf(last);

  function focusDate(next: string) {
    const clamped = clampDate(next, today, last);
    moveFocus.current = true;
    setFocused(clamped);
    setMonth(monthOf(clamped));
  }

  function showMonth(delta: number) {
    const next = addMonths(month, delta);
    setMonth(next);
    const candidate = addMonthsToDate(focused, delta);
    setFocused(clampDate(candidate, today, last));
  }

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, day: string) {
    const target = keyTarget(event.key, event.shiftKey, day);
    if (!target) return;
    event.preventDefault();
    focusDate(target);
  }

  return (
    <div className="space-y-1">
      <input type="hidden" name="appointmentDate" value={value} />
      <fieldset
        aria-describedby={cn(selectedId, error && errorId)}
        aria-invalid={error ? true : undefined}
        className="min-w-0"
      >
        <legend className="mb-1 text-sm font-medium text-slate-800">{label}</legend>
        <div
          className={cn(
            "rounded-md border bg-white p-2 shadow-sm sm:p-3",
            error ? "border-red-500" : "border-slate-300",
          )}
        >
          <div className="mb-2 flex items-center justify-between">
            <button
              type="button"
              onClick={() => showMonth(-1)}
              disabled={!canGoBack}
              aria-label="Previous month"
              className="flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 disabled:opacity-30"
            >
              <ChevronLeft className="size-5" aria-hidden />
            </button>
            <p id={monthId} aria-live="polite" className="text-sm font-semibold text-slate-900">
              {formatMonth(month)}
            </p>
            <button
              type="button"
              onClick={() => showMonth(1)}
              disabled={!canGoForward}
              aria-label="Next month"
              className="flex size-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 disabled:opacity-30"
            >
              <ChevronRight className="size-5" aria-hidden />
            </button>
          </div>
          <table ref={grid} aria-labelledby={monthId} className="w-full table-fixed">
            <thead>
              <tr>
                {WEEKDAYS.map(([short, long]) => (
                  <th
                    key={short}
                    scope="col"
                    abbr={long}
                    className="pb-1 text-center text-xs font-medium text-slate-500"
                  >
                    {short}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {monthWeeks(month).map((week) => (
                <tr key={week.find(Boolean)}>
                  {week.map((day, i) => (
                    <td key={day ?? `pad-${i}`} className="p-0.5 text-center">
                      {day ? (
                        <DayButton
                          day={day}
                          available={isBookable(day)}
                          selected={day === chosen}
                          today={day === today}
                          tabStop={day === focused}
                          onSelect={() => {
                            setFocused(day);
                            onChange(day);
                          }}
                          onKeyDown={(event) => onKeyDown(event, day)}
                        />
                      ) : null}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </fieldset>
      <p id={selectedId} className="text-sm text-slate-600">
        {chosen ? `Selected: ${formatLongDate(chosen)}` : "No date selected. Sundays are closed."}
      </p>
      <FieldError id={errorId} error={error} />
    </div>
  );
}

function DayButton({
  day,
  available,
  selected,
  today,
  tabStop,
  onSelect,
  onKeyDown,
}: {
  day: string;
  available: boolean;
  selected: boolean;
  today: boolean;
  tabStop: boolean;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => void;
}) {
  // aria-disabled rather than disabled: an unavailable day still takes focus while the keyboard
  // moves through the month, it just cannot be chosen.
  return (
    <button
      type="button"
      data-date={day}
      tabIndex={tabStop ? 0 : -1}
      aria-label={formatLongDate(day)}
      aria-pressed={selected}
      aria-disabled={available ? undefined : true}
      aria-current={today ? "date" : undefined}
      onClick={() => {
        if (available) onSelect();
      }}
      onKeyDown={onKeyDown}
      className={cn(
        "mx-auto flex size-9 items-center justify-center rounded-md text-sm sm:size-10",
        selected && "bg-brand-700 font-semibold text-white",
        !selected && available && "text-slate-900 hover:bg-brand-50",
        !available && "cursor-not-allowed text-slate-300 line-through",
        today && !selected && "ring-1 ring-brand-600",
      )}
    >
      {Number(day.slice(8, 10))}
    </button>
  );
}

/** `date` kept between `first` and `last` (yyyy-MM-dd strings compare like dates). */
function clampDate(date: string, first: string, last: string): string {
  if (date < first) return first;
  return date > last ? last : date;
}

/** Where a key moves the focus from `day` in the grid, or undefined for other keys. */
function keyTarget(key: string, shift: boolean, day: string): string | undefined {
  switch (key) {
    case "ArrowLeft":
      return addDays(day, -1);
    case "ArrowRight":
      return addDays(day, 1);
    case "ArrowUp":
      return addDays(day, -7);
    case "ArrowDown":
      return addDays(day, 7);
    case "Home":
      return addDays(day, -weekdayIndex(day));
    case "End":
      return addDays(day, 6 - weekdayIndex(day));
    case "PageUp":
      return addMonthsToDate(day, shift ? -12 : -1);
    case "PageDown":
      return addMonthsToDate(day, shift ? 12 : 1);
    default:
      return undefined;
  }
}

/** Open, and (today) with a slot that has not started yet. */
function isBookable(day: string): boolean {
  return dateProblem(day) === undefined && openSlots(day).length > 0;
}

/** The first day from today that can be booked (today itself unless it is a Sunday). */
function firstOpenDay(today: string): string {
  return isBookable(today)
    ? today
    : isBookable(addDays(today, 1))
      ? addDays(today, 1)
      : addDays(today, 2);
}
