// Who may call the control API (decision S-access), shared by every file of its operations.

/** S-access: HTTP Basic of a sandbox merchant key, or nothing from loopback. */
export const SANDBOX_SECURITY = [{ SandboxBasic: [] }, {}] as const;
