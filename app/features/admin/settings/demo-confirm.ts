/** The value of the "I understand" box on the "Remove the demo church" card (and what its action checks). */
export const DEMO_CONFIRM_VALUE = "remove-demo";
