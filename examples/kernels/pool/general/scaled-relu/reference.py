# skillops example kernel task (KernelBench format): y = max(x, 0) * scale, written as two separate ops.
import torch
import torch.nn as nn


class Model(nn.Module):
    def __init__(self, scale: float):
        super().__init__()
        self.scale = scale

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        y = torch.relu(x)
        return y * self.scale


BATCH, FEATURES = 256, 4096


def get_inputs():
    return [torch.randn(BATCH, FEATURES)]


def get_init_inputs():
    return [2.5]
