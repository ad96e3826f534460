/** Folders whose sources name icons, relative to the repository. */
export const ICON_SOURCES: string[];
/** Every input of the web build, relative to the repository. */
export const WEB_BUILD_INPUTS: string[];
