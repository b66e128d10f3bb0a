/* The update gate as GateStateMachine implements it: checked clean by scripts/model-check. */
#include "gate-protocol.pml"
