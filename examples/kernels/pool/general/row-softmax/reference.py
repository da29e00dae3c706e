# skillops example kernel task (KernelBench format): a row softmax spelled out as max, exp, sum, divide.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self):
        super().__init__()

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        shifted = x - x.max(dim=1, keepdim=True).values
        e = torch.exp(shifted)
        return e / e.sum(dim=1, keepdim=True)


ROWS, COLS = 512, 2048


def get_inputs():
    return [torch.randn(ROWS, COLS) * 4.0]


def get_init_inputs():
    return []
