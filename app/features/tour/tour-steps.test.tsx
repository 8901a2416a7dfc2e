import { renderToString } from "react-dom/server";
import { describe, expect, test } from "vitest";
import en from "~/i18n/locales/en/tour";
import es from "~/i18n/locales/es/tour";
import { createLookup } from "~/i18n/translator";
import { TourContext, useTour } from "./tour-context";
import { isMobileViewport, TOUR_AUTO_START_DELAY_MS, TOUR_LAYER, TOUR_START_DELAY_MS, TOUR_TOOLTIP_WIDTH, tourSteps } from "./tour-steps";

function Probe() {
  const tour = useTour();
  return <span>{String(tour.active)}</span>;
}

describe("guided tour", () => {
  test("useTour outside its provider throws the spec's message; inside it answers the context", () => {
    expect(() => renderToString(<Probe />)).toThrow(new Error("useTour must be used within a TourProvider"));
    const html = renderToString(
      <TourContext.Provider value={{ active: true, due: false, start: () => {} }}>
        <Probe />
      </TourContext.Provider>,
    );
    expect(html).toBe("<span>true</span>");
  });

  test("8 desktop steps, 3 below 768 px, each with a target, title, text and no beacon, in both languages", () => {
    expect([TOUR_START_DELAY_MS, TOUR_AUTO_START_DELAY_MS, TOUR_TOOLTIP_WIDTH, TOUR_LAYER]).toEqual([500, 1500, 380, 1000]);
    expect([isMobileViewport(767), isMobileViewport(768)]).toEqual([true, false]);
    for (const table of [en, es]) {
      const t = createLookup(table);
      const desktop = tourSteps(1280, t);
      const mobile = tourSteps(375, t);
      expect([desktop.length, mobile.length, tourSteps(767, t).length, tourSteps(768, t).length]).toEqual([8, 3, 3, 8]);
      for (const step of [...desktop, ...mobile]) {
        expect(step.target).toMatch(/^\[data-tour="\w+"\]$/);
        expect(step.content.title.length).toBeGreaterThan(0);
        expect(step.content.text.length).toBeGreaterThan(10);
        expect(step.disableBeacon).toBe(true);
      }
    }
    expect(tourSteps(1280, createLookup(es))[0]!.content.title).toBe("¡Bienvenido!");
  });
});
