# skillops kernel world task (KernelBench format, level 1): an elementwise chain, scale, shift, clamp, scale.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = x * 2.0
        y = y + 0.5
        y = torch.relu(y)
        return y * 0.5


ROWS, COLS = 256, 1024


def get_inputs():
    return [torch.randn(ROWS, COLS)]


def get_init_inputs():
    return []
