/** Series and topics: the two ways sermons are grouped, managed on /admin/sermons. */
export const TAXONOMY_KINDS = ["series", "topic"] as const;
export type TaxonomyKind = (typeof TAXONOMY_KINDS)[number];

export type TaxonomyFieldError = "required" | "tooLong" | "slug" | "slugTaken";

export interface TaxonomyValues {
  nameEn: string;
  nameEs: string;
  descriptionEn: string;
  descriptionEs: string;
  slug: string;
}
