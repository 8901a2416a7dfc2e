import { productVariants, products } from "~/db/schema";
import type { AppDatabase } from "~/server/db.server";

interface DemoProduct {
  slug: string;
  name: string;
  nameEs: string;
  description: string;
  descriptionEs: string;
  category: "books" | "apparel" | "media";
  image: string;
  alt: string;
  altEs: string;
  priceCents: number;
  variants: { label: string; labelEs: string; stock: number; priceCents?: number }[];
}

/** The demo church's store: books, apparel and music, in both languages, with stock per variant. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    slug: "holy-bible",
    name: "Holy Bible",
    nameEs: "Santa Biblia",
    description:
      "A sturdy, readable Bible for every day, in English (New International Version) or Spanish (Reina-Valera 1960).\n\nIt has a simple reading plan and maps in the back, and it is the edition we read from on Sunday mornings.",
    descriptionEs:
      "Una Biblia resistente y fácil de leer para cada día, en inglés (Nueva Versión Internacional) o en español (Reina-Valera 1960).\n\nIncluye un plan de lectura sencillo y mapas al final, y es la edición que leemos los domingos por la mañana.",
    category: "books",
    image: "/media/store/bible.svg",
    alt: "A brown hardcover Bible with a gold cross on its cover",
    altEs: "Una Biblia de tapa dura marrón con una cruz dorada en la portada",
    priceCents: 2500,
    variants: [
      { label: "English (NIV)", labelEs: "Inglés (NVI)", stock: 20 },
      { label: "Spanish (RVR1960)", labelEs: "Español (RVR1960)", stock: 15 },
    ],
  },
  {
    slug: "hear-understand-live-devotional",
    name: "Hear. Understand. Live. — a 40-day devotional",
    nameEs: "Escuchar. Entender. Vivir. — devocional de 40 días",
    description:
      "Forty short readings from our pastors, each with a Scripture passage, a reflection and a prayer.\n\nGood for a new believer, a small group or a family at the dinner table.",
    descriptionEs:
      "Cuarenta lecturas breves de nuestros pastores, cada una con un pasaje bíblico, una reflexión y una oración.\n\nIdeal para un nuevo creyente, un grupo pequeño o una familia a la hora de la cena.",
    category: "books",
    image: "/media/store/devotional.svg",
    alt: "A blue book cover with a rising sun",
    altEs: "Una portada de libro azul con un sol naciente",
    priceCents: 1200,
    variants: [{ label: "", labelEs: "", stock: 30 }],
  },
  {
    slug: "childrens-bible-storybook",
    name: "Children's Bible Storybook",
    nameEs: "Libro de historias bíblicas para niños",
    description: "Fifty favourite Bible stories, beautifully illustrated, for ages 4 to 8.",
    descriptionEs: "Cincuenta historias bíblicas favoritas, con hermosas ilustraciones, para niños de 4 a 8 años.",
    category: "books",
    image: "/media/store/storybook.svg",
    alt: "An orange storybook cover with green hills and a sun",
    altEs: "Una portada de libro de cuentos naranja con colinas verdes y un sol",
    priceCents: 1800,
    variants: [{ label: "", labelEs: "", stock: 0 }],
  },
  {
    slug: "hear-understand-live-t-shirt",
    name: "Hear. Understand. Live. T-shirt",
    nameEs: "Camiseta Escuchar. Entender. Vivir.",
    description: "A soft, green cotton T-shirt with our church's motto on the front.\n\nSizes run true to fit; wash cold.",
    descriptionEs:
      "Una camiseta de algodón verde y suave con el lema de nuestra iglesia al frente.\n\nLas tallas son las habituales; lávela con agua fría.",
    category: "apparel",
    image: "/media/store/t-shirt.svg",
    alt: "A green T-shirt that reads Hear, Understand, Live",
    altEs: "Una camiseta verde que dice Hear, Understand, Live",
    priceCents: 2000,
    variants: [
      { label: "S", labelEs: "CH", stock: 6 },
      { label: "M", labelEs: "M", stock: 10 },
      { label: "L", labelEs: "G", stock: 0 },
      { label: "XL", labelEs: "XG", stock: 4, priceCents: 2200 },
    ],
  },
  {
    slug: "canvas-tote-bag",
    name: "Canvas tote bag",
    nameEs: "Bolsa de lona",
    description: "A roomy canvas bag for your Bible, notebook and coffee.",
    descriptionEs: "Una bolsa de lona amplia para su Biblia, su cuaderno y su café.",
    category: "apparel",
    image: "/media/store/tote-bag.svg",
    alt: "A tan canvas tote bag with a cross",
    altEs: "Una bolsa de lona beige con una cruz",
    priceCents: 1500,
    variants: [{ label: "", labelEs: "", stock: 25 }],
  },
  {
    slug: "worship-album-grace-upon-grace",
    name: "Grace upon Grace — worship album",
    nameEs: "Gracia sobre gracia — álbum de alabanza",
    description: "Twelve songs recorded live by our worship team, in English and Spanish.\n\nOn CD, with a code to download the songs.",
    descriptionEs:
      "Doce canciones grabadas en vivo por nuestro equipo de alabanza, en inglés y en español.\n\nEn CD, con un código para descargar las canciones.",
    category: "media",
    image: "/media/store/worship-album.svg",
    alt: "A purple album cover with a record",
    altEs: "Una portada de álbum morada con un disco",
    priceCents: 1500,
    variants: [{ label: "", labelEs: "", stock: 40 }],
  },
];

/** The demo church's store products with their variants and stock. */
export async function seedDemoStore(tx: AppDatabase, now: Date): Promise<void> {
  for (const [index, demo] of DEMO_PRODUCTS.entries()) {
    const [row] = await tx
      .insert(products)
      .values({
        slug: demo.slug,
        name: demo.name,
        nameEs: demo.nameEs,
        description: demo.description,
        descriptionEs: demo.descriptionEs,
        category: demo.category,
        imageUrl: demo.image,
        imageWidth: 800,
        imageHeight: 800,
        imageAlt: demo.alt,
        imageAltEs: demo.altEs,
        priceCents: demo.priceCents,
        sortOrder: (index + 1) * 10,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: products.slug })
      .returning({ id: products.id });
    if (!row) continue;
    await tx.insert(productVariants).values(
      demo.variants.map((variant, i) => ({
        productId: row.id,
        label: variant.label,
        labelEs: variant.labelEs || null,
        priceCents: variant.priceCents ?? null,
        stock: variant.stock,
        sortOrder: i,
        createdAt: now,
        updatedAt: now,
      })),
    );
  }
}
