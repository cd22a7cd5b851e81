import { useState } from "react";
import { PRICE_OPEN_MAX, type PriceRange } from "~/lib/listing-filters";
import { formatNaira } from "~/lib/money";
import { PRICE_SLIDER } from "~/lib/property-options";

function clampToSlider(value: number) {
  return Math.min(PRICE_SLIDER.max, Math.max(PRICE_SLIDER.min, value));
}

function label(value: number, isMax: boolean) {
  return isMax && value >= PRICE_SLIDER.max
    ? `${formatNaira(PRICE_SLIDER.max)}+`
    : formatNaira(value);
}

/**
 * Two native range inputs (minimum and maximum), so the price works in a plain GET form; the
 * loader folds minPrice/maxPrice into the spec's price=min-max. With JavaScript the naira
 * amounts follow the thumbs as they move.
 */
export function PriceRangeFields({ price }: { price: PriceRange | undefined }) {
  const initialMin = clampToSlider(price?.min ?? PRICE_SLIDER.min);
  const initialMax =
    !price || price.max >= PRICE_OPEN_MAX ? PRICE_SLIDER.max : clampToSlider(price.max);
  const [min, setMin] = useState(initialMin);
  const [max, setMax] = useState(initialMax);

  return (
    <fieldset className="space-y-3">
      <legend className="text-sm font-semibold text-slate-900">Price range</legend>
      <p className="text-sm text-slate-700" aria-hidden>
        <output htmlFor="price-min">{label(Math.min(min, max), false)}</output>
        {" – "}
        <output htmlFor="price-max">{label(Math.max(min, max), true)}</output>
      </p>
      <PriceSlider
        id="price-min"
        name="minPrice"
        label="Minimum"
        defaultValue={initialMin}
        valueText={label(min, false)}
        onChange={setMin}
      />
      <PriceSlider
        id="price-max"
        name="maxPrice"
        label="Maximum"
        defaultValue={initialMax}
        valueText={label(max, true)}
        onChange={setMax}
      />
    </fieldset>
  );
}

function PriceSlider({
  id,
  name,
  label,
  defaultValue,
  valueText,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  defaultValue: number;
  valueText: string;
  onChange: (value: number) => void;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-xs text-slate-600">
        {label}
      </label>
      <input
        id={id}
        type="range"
        name={name}
        min={PRICE_SLIDER.min}
        max={PRICE_SLIDER.max}
        step={PRICE_SLIDER.step}
        defaultValue={defaultValue}
        aria-valuetext={valueText}
        onChange={(event) => onChange(Number(event.currentTarget.value))}
        className="w-full accent-brand-700"
      />
    </div>
  );
}
