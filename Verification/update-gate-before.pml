/*
 * The update gate as it was before the state machine: teardown waited for a gate while the
 * thread held another, the trigger was checked before entering the gate, and a trigger was
 * stopped while it might still be starting. scripts/model-check requires spin to find the
 * deadlock (and the late update) here.
 */
#define BEFORE
#include "gate-protocol.pml"
