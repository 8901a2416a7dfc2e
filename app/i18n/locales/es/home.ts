import type home from "../en/home";

const es = {
  heroLabel: "Bienvenida",
} satisfies typeof home;

export default es;
