// Filled in by the seed work: demo data for an empty database.
export async function seedDemoData(_options: { onlyIfEmpty: boolean }) {
  return undefined as undefined | Record<string, number>;
}
