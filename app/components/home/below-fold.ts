/*
 * The home page's sections after the hero, one chunk hydrated when the visitor scrolls to them
 * or interacts (routes/site/home.tsx, components/deferred-hydration.tsx). The hero is in the
 * route module itself: it is on screen at once.
 */
export { AboutSection } from "./about-section";
export { ContactSection } from "./contact-section";
export { FlyerSection } from "./flyer-section";
export { LeadershipSection } from "./leadership-section";
export { LiveStreamSection } from "./live-stream-section";
export { NewHereSection } from "./new-here-section";
export { RecentMomentsSection } from "./recent-moments-section";
export { SpiritualHomeSection } from "./spiritual-home-section";
export { WelcomeSection } from "./welcome-section";
export { WhyChooseSection } from "./why-choose-section";
